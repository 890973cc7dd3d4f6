// The cases of `npm run test:ag-ui`: the kit's dock on an AG-UI `HttpAgent` chat against a real
// CopilotKit runtime, answering a frontend `ask_user` tool and standard interrupts, each checked
// down to what the page posted (the run's messages and `resume`) and what the scripted model read.
// The names carry microsoft/agent-framework#6975's acceptance list.
import { freeLoopbackPort } from "../../scripts/demo/free-port";
import { SWITCH_GUARD_MS } from "../../src/react/dock/use-switch-guard";
import { expectNoAxeViolations } from "../e2e/axe-check";
import { dock, expectThat, hides, shows } from "../e2e/page-helpers";
import {
  atStep,
  choose,
  field,
  next,
  primaryButton,
  settle,
  submit,
  summaryText,
  timeline,
} from "../langgraph-e2e/helpers";
import {
  DEPLOY_QUESTION_TEXT as DEPLOY_QUESTION,
  lastResultSeen,
  modelSaid,
  PRODUCTION_JSON,
  runsPosted,
} from "./case-helpers";
import { COPILOTKIT_CASES } from "./cases-copilotkit";
import { LANGGRAPH_CASES } from "./cases-langgraph";
import { EXPIRING_AFTER_MS, FORM_MESSAGE, TOOL_FORM_CALL } from "./copilotkit-server";
import type { Case, CaseContext } from "./harness";

const TEAM_QUESTION = "Should I tell the team?";

/** Sends `ask:<scenario>` to `agentId` and waits for the deploy question in the dock. */
async function askDeploy(context: CaseContext, agentId: string): Promise<void> {
  await context.openPage(agentId);
  await context.send("ask:deploy");
  await shows(dock(context.page).getByText(DEPLOY_QUESTION));
}

const frontendToolByteExact: Case = {
  name: "frontend tool: the answer reaches the model byte for byte; exactly one tool result per call id",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "frontend");
    await context.expectDockAccessible("a frontend ask_user call");
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    const [, answering] = await runsPosted(context, 2);
    const results = (answering?.messages ?? []).filter((message) => message.role === "tool");
    expectThat(results.length === 1, `the run carried ${results.length} tool results`);
    const [result] = results;
    expectThat(result?.content === PRODUCTION_JSON, `the tool message is ${result?.content}`);
    const callId = result?.toolCallId ?? "";
    await modelSaid(context, `Got ${callId}: ${PRODUCTION_JSON}`);
    const seen = context.runtime.toolResultsSeen("frontend");
    expectThat(
      seen.filter((item) => item.toolCallId === callId).length === 1,
      `the model saw the call's result ${seen.length} times: ${JSON.stringify(seen)}`,
    );
    const summary = await summaryText(page);
    expectThat(summary.includes("Production"), `the summary does not name the answer: ${summary}`);
  },
};

const frontendToolHostile: Case = {
  name: "hostile tool arguments refused with field errors: nothing docked, the model reads why",
  run: async (context) => {
    const { page } = context;
    await context.openPage("frontend");
    await context.send("ask:hostile");
    const [, refusal] = await runsPosted(context, 2);
    const result = (refusal?.messages ?? []).find((message) => message.role === "tool");
    const text = String(result?.content ?? "");
    expectThat(/questions/.test(text), `the refusal names no field: ${text}`);
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.length === 0, `the dock showed the hostile call: ${shown}`);
  },
};

const interruptResolved: Case = {
  name: "tool-call-shaped interrupt with tool call id: resume with an arbitrary payload (the answer), no tool message beside it",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    const [first, resumed] = await runsPosted(context, 2);
    expectThat(first?.resume === undefined, "the first run carried a resume");
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 1 &&
        entries[0]?.status === "resolved" &&
        JSON.stringify(entries[0]?.payload) === PRODUCTION_JSON,
      `the resume is ${JSON.stringify(entries)}`,
    );
    const tools = (resumed?.messages ?? []).filter((message) => message.role === "tool");
    expectThat(tools.length === 0, "the page added a tool message beside the resume");
    await shows(timeline(page).locator(".ask-summary"));
    await modelSaid(
      context,
      `Got ${entries[0]?.interruptId === undefined ? "" : await callIdOf(context)}: ${PRODUCTION_JSON}`,
    );
  },
};

/** The ask_user call id of the last tool result the interrupt agent's model saw. */
async function callIdOf(context: CaseContext): Promise<string> {
  return (await lastResultSeen(context, "interrupt")).toolCallId;
}

const interruptSkipped: Case = {
  name: "interrupt skipped: resumed cancelled, and the summary says skipped",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await dock(page).getByRole("button", { name: "Yes, skip" }).click();
    await hides(dock(page));
    const [, resumed] = await runsPosted(context, 2);
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 1 &&
        entries[0]?.status === "cancelled" &&
        !("payload" in (entries[0] ?? {})),
      `the resume is ${JSON.stringify(entries)}`,
    );
    const summary = await summaryText(page);
    expectThat(/skipped/i.test(summary), `the summary does not say skipped: ${summary}`);
  },
};

const reloadKeepsDraft: Case = {
  name: "reload mid-question: the interrupt docks again with its draft, answered once",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    await choose(page, "Production");
    await context.reloadPage();
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    const checked = dock(page).getByRole("radio", { name: "Production", exact: true });
    expectThat((await checked.getAttribute("aria-checked")) === "true", "the draft was lost");
    await submit(page);
    await hides(dock(page));
    const runs = await runsPosted(context, 2);
    expectThat(
      runs.filter((run) => run.resume !== undefined).length === 1,
      "resumed more than once",
    );
  },
};

const otherTabRetires: Case = {
  name: "stale resume refused: another tab answered, this tab retires the question with that answer, resumed once",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    const second = await context.openSecondTab();
    await shows(dock(second).getByText(DEPLOY_QUESTION));
    await dock(second)
      .getByRole("radio", { name: /^Staging/ })
      .click();
    await page.bringToFront();
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    await runsPosted(context, 2);
    // The second tab comes back into view: the first tab's answer is the thread's.
    await second.bringToFront();
    await hides(dock(second));
    // biome-ignore lint/performance/useDomNodeTextContent: the summary as read, with its line breaks
    const summary = (await timeline(second).locator(".ask-summary").last().innerText()).replace(
      /\s+/g,
      " ",
    );
    expectThat(
      summary.includes("Production"),
      `the second tab does not show the first tab's answer: ${summary}`,
    );
    await settle(second);
    const resumes = context.runInputs().filter((run) => run.resume !== undefined);
    expectThat(resumes.length === 1, `the thread was resumed ${resumes.length} times`);
  },
};

const serverDown: Case = {
  name: "server down: the page says the agent could not run, and an answer is kept to try again",
  run: async (context) => {
    const { page } = context;
    const downUrl = `http://127.0.0.1:${await freeLoopbackPort()}/api/copilotkit/agent/frontend/run`;
    await context.whileServerDown(new URL(downUrl).host, async () => {
      await context.openPage("frontend", { agentUrl: downUrl });
      await context.send("ask:deploy");
      await shows(page.getByRole("alert").filter({ hasText: "could not run" }));
    });
    // The server goes down while a question waits: the answer fails, is kept, and goes on retry.
    await askDeploy(context, "interrupt");
    const runUrl = context.runtime.runUrl("interrupt");
    await page.route(runUrl, (route) => route.abort("connectionrefused"));
    await context.whileServerDown(new URL(runUrl).host, async () => {
      await choose(page, "Production");
      await submit(page);
      await shows(dock(page).getByRole("button", { name: "Try again" }));
    });
    expectThat(
      context.runInputs().filter((run) => run.resume !== undefined).length <= 1,
      "the failed answer was sent more than once",
    );
    await page.unroute(runUrl);
    await dock(page).getByRole("button", { name: "Try again" }).click();
    await hides(dock(page));
    await modelSaid(context, `Got ${await callIdOf(context)}: ${PRODUCTION_JSON}`);
  },
};

const formCheckedBeforeSubmit: Case = {
  name: "a responseSchema form is checked before Submit: a bad email is refused at its field, the content resumes",
  run: async (context) => {
    const { page } = context;
    await context.openPage("form");
    await context.send("Send the report.");
    await shows(dock(page).getByText(FORM_MESSAGE));
    await atStep(page, 1, 2);
    await field(page).fill("not an email");
    // The dock refuses it before anything is sent: Next is disabled and says why.
    const nextButton = primaryButton(page);
    await page.waitForFunction(
      () =>
        document
          .querySelector('section.ask-dock .ask-dock__footer button[data-variant="primary"]')
          ?.getAttribute("aria-disabled") === "true",
    );
    const reasonId = (await nextButton.getAttribute("aria-describedby")) ?? "";
    const reason = (await page.locator(`[id="${reasonId}"]`).textContent()) ?? "";
    expectThat(/email/i.test(reason), `Next is disabled without naming the email rule: ${reason}`);
    await atStep(page, 1, 2);
    expectThat(context.runInputs().length === 1, "a run was posted with a bad email");
    await field(page).fill("ops@example.com");
    await next(page, 1, 2);
    await field(page).fill("2");
    await submit(page);
    await hides(dock(page));
    const [, resumed] = await runsPosted(context, 2);
    const entries = resumed?.resume ?? [];
    const payload = JSON.stringify(entries[0]?.payload);
    expectThat(
      entries.length === 1 && payload === '{"email":"ops@example.com","copies":2}',
      `the resume is ${JSON.stringify(entries)}`,
    );
    await modelSaid(context, `Got ${entries[0]?.interruptId}: ${JSON.stringify(entries[0])}`);
  },
};

const toolCallShapedForm: Case = {
  name: "tool-call-shaped interrupt with responseSchema and tool call id: the form is checked, resumed with its content, the call gets one result",
  run: async (context) => {
    const { page } = context;
    await context.openPage("tool-form");
    await context.send("Send the weekly report.");
    await shows(dock(page).getByText(FORM_MESSAGE));
    await atStep(page, 1, 2);
    await field(page).fill("ops@example.com");
    await next(page, 1, 2);
    await field(page).fill("9");
    // Copies run from 1 to 5: the dock refuses 9 before anything is sent.
    await page.waitForFunction(
      () =>
        document
          .querySelector('section.ask-dock .ask-dock__footer button[data-variant="primary"]')
          ?.getAttribute("aria-disabled") === "true",
    );
    expectThat(context.runInputs().length === 1, "a run was posted with 9 copies");
    await field(page).fill("3");
    await submit(page);
    await hides(dock(page));
    const [first, resumed] = await runsPosted(context, 2);
    const callId = (first?.messages ?? []).length === 0 ? "" : await toolFormCallId(context);
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 1 &&
        JSON.stringify(entries[0]?.payload) === '{"email":"ops@example.com","copies":3}',
      `the resume is ${JSON.stringify(entries)}`,
    );
    await modelSaid(context, `Got ${entries[0]?.interruptId}: ${JSON.stringify(entries[0])}`);
    // The call's result: written once, after the resumed run, and carried by the next run.
    await context.send("Thanks.");
    const runs = await runsPosted(context, 3);
    const results = (runs[2]?.messages ?? []).filter(
      (message) => message.role === "tool" && message.toolCallId === callId,
    );
    expectThat(
      results.length === 1 && results[0]?.content === '{"email":"ops@example.com","copies":3}',
      `the next run carries the call's results ${JSON.stringify(results)}`,
    );
  },
};

/** The id of the `send_report` call the page holds, read from its saved thread. */
async function toolFormCallId(context: CaseContext): Promise<string> {
  return context.page.evaluate((name) => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? "";
      if (!key.startsWith("ag-ui-thread:")) continue;
      const saved = JSON.parse(localStorage.getItem(key) ?? "{}") as {
        messages?: Array<{ toolCalls?: Array<{ id: string; function: { name: string } }> }>;
      };
      for (const message of saved.messages ?? [])
        for (const call of message.toolCalls ?? []) if (call.function.name === name) return call.id;
    }
    return "";
  }, TOOL_FORM_CALL.name);
}

const expiredInterrupt: Case = {
  name: "an interrupt past its expiresAt is resumed cancelled, and the summary says it expired",
  fakeClock: true,
  run: async (context) => {
    const { page } = context;
    await context.openPage("expiring");
    await context.send("Deploy it.");
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    await page.clock.fastForward(EXPIRING_AFTER_MS + 1_000);
    await hides(dock(page));
    const [, resumed] = await runsPosted(context, 2);
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 1 && entries[0]?.status === "cancelled",
      `the resume is ${JSON.stringify(entries)}`,
    );
    const summary = await summaryText(page);
    expectThat(
      /expired|no answer|time/i.test(summary),
      `the summary does not say it expired: ${summary}`,
    );
  },
};

const twoInterruptsOutOfOrder: Case = {
  name: "several interrupts out of order: answered second-first, resumed together in one run",
  run: async (context) => {
    const { page } = context;
    await context.openPage("interrupt");
    await context.send("ask:two");
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    // The second request first: the dock's "Next request" arrow leads to it.
    await shows(dock(page).getByText("1/2", { exact: true }));
    await dock(page).getByRole("button", { name: "Next request" }).click();
    await shows(dock(page).getByText("2/2", { exact: true }));
    await shows(dock(page).getByText(TEAM_QUESTION));
    // The dock ignores a pointer click just after it switched requests (aimed at the one before).
    await page.waitForTimeout(SWITCH_GUARD_MS + 100);
    await dock(page).getByRole("radio", { name: /^Yes/ }).click();
    await submit(page);
    await hides(dock(page).getByText("2/2", { exact: true }));
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    // Also long enough for the guard above after this switch.
    await settle(page);
    expectThat(context.runInputs().length === 1, "resumed before every interrupt had its answer");
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    const [, resumed] = await runsPosted(context, 2);
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 2 && entries.every((entry) => entry.status === "resolved"),
      `the resume is ${JSON.stringify(entries)}`,
    );
  },
};

const nextRunAfterResume: Case = {
  name: "no re-execution: after a resumed interrupt the thread runs on, one tool result per call id",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    await runsPosted(context, 2);
    await modelSaid(context, `Got ${await callIdOf(context)}: ${PRODUCTION_JSON}`);
    await context.send("Thanks.");
    const runs = await runsPosted(context, 3);
    const tools = (runs[2]?.messages ?? []).filter((message) => message.role === "tool");
    const ids = tools.map((message) => message.toolCallId);
    expectThat(
      tools.length === 1 && new Set(ids).size === ids.length,
      `the next run carries the tool results ${JSON.stringify(tools)}`,
    );
    expectThat(runs[2]?.resume === undefined, "the next run resumed again");
    await shows(
      page.getByRole("region", { name: "Chat" }).getByText("Say ask:deploy", { exact: false }),
    );
    expectThat((await page.getByRole("alert").count()) === 0, "the next run failed");
  },
};

const phoneCard: Case = {
  name: "at 390 px: the stacked card names its Submit button, and the answer resumes",
  phone: true,
  run: async (context) => {
    const { page } = context;
    await context.openPage("interrupt");
    await context.send("ask:deploy");
    // Narrow pages get the stacked card instead of the dock.
    const card = page.locator("section.ask-card");
    await shows(card.getByText(DEPLOY_QUESTION));
    await expectNoAxeViolations(page, "an ask_user interrupt at 390 px", "section.ask-card");
    const submitButton = card.getByRole("button", { name: "Submit", exact: true });
    await shows(submitButton);
    await card.getByRole("radio", { name: "Production", exact: true }).click();
    await submitButton.click();
    await hides(card);
    const [, resumed] = await runsPosted(context, 2);
    expectThat(resumed?.resume?.[0]?.status === "resolved", "the card's answer was not resumed");
  },
};

export const CASES: readonly Case[] = [
  frontendToolByteExact,
  frontendToolHostile,
  interruptResolved,
  interruptSkipped,
  reloadKeepsDraft,
  otherTabRetires,
  serverDown,
  formCheckedBeforeSubmit,
  toolCallShapedForm,
  expiredInterrupt,
  twoInterruptsOutOfOrder,
  nextRunAfterResume,
  phoneCard,
  ...LANGGRAPH_CASES,
  ...COPILOTKIT_CASES,
];
