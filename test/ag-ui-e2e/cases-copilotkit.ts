// The README's CopilotKit page (`@copilotkit/react-core` v2: `CopilotKitProvider`, `useAgent`,
// `useCopilotKit`, the kit's `run` through `copilotkit.runAgent`) in Chromium against the real
// runtime, its agent `default` standing for the runtime's `frontend` or `interrupt` agent. Each case
// checks what the page posted and what the scripted model read.
import { dock, expectThat, hides, shows } from "../e2e/page-helpers";
import { choose, submit } from "../langgraph-e2e/helpers";
import {
  DEPLOY_QUESTION_TEXT,
  lastResultSeen,
  modelSaid,
  PRODUCTION_JSON,
  runsPosted,
} from "./case-helpers";
import { HOST_CONTEXT } from "./copilotkit-page/host-context";
import type { Case, CaseContext, RunInput } from "./harness";

/** Opens the page on `agentId`, asks for the deploy question, and waits for it in the dock. */
async function askDeploy(context: CaseContext, agentId: string): Promise<void> {
  await context.openCopilotKitPage(agentId);
  await context.send("ask:deploy");
  await shows(dock(context.page).getByText(DEPLOY_QUESTION_TEXT));
}

/** CopilotKit made the run: it carries the context the host gave CopilotKit. */
function expectMadeByCopilotKit(run: RunInput | undefined, which: string): void {
  const carried = (run?.context ?? []).some(
    (entry) => entry.description === HOST_CONTEXT.description,
  );
  expectThat(
    carried,
    `the ${which} run does not carry CopilotKit's context: ${JSON.stringify(run)}`,
  );
}

const frontendTool: Case = {
  name: "CopilotKit page: an ask_user call the page answers (the agent offers the tool); the model reads the kit's result once",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "agent-tool");
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    const [, answering] = await runsPosted(context, 2);
    expectMadeByCopilotKit(answering, "answering");
    const results = (answering?.messages ?? []).filter((message) => message.role === "tool");
    expectThat(
      results.length === 1 && results[0]?.content === PRODUCTION_JSON,
      `the run carried the tool results ${JSON.stringify(results)}`,
    );
    const callId = results[0]?.toolCallId ?? "";
    await modelSaid(context, `Got ${callId}: ${PRODUCTION_JSON}`);
    const seen = context.runtime.toolResultsSeen("agent-tool");
    expectThat(
      seen.length === 1 && seen[0]?.toolCallId === callId && seen[0]?.output === PRODUCTION_JSON,
      `the model read the results ${JSON.stringify(seen)}`,
    );
  },
};

const interruptResolved: Case = {
  name: "CopilotKit page: an ask_user interrupt answered is resumed through copilotkit.runAgent",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    await choose(page, "Production");
    await submit(page);
    await hides(dock(page));
    const [asking, resumed] = await runsPosted(context, 2);
    expectMadeByCopilotKit(asking, "first");
    expectMadeByCopilotKit(resumed, "resumed");
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 1 &&
        entries[0]?.status === "resolved" &&
        JSON.stringify(entries[0]?.payload) === PRODUCTION_JSON,
      `the resume is ${JSON.stringify(entries)}`,
    );
    const seen = await lastResultSeen(context, "interrupt");
    expectThat(
      JSON.stringify(seen.output) === PRODUCTION_JSON,
      `the model read ${JSON.stringify(seen)}`,
    );
    await modelSaid(context, `Got ${seen.toolCallId}: ${PRODUCTION_JSON}`);
    await shows(page.locator(".ask-summary").getByText("Production"));
  },
};

const interruptSkipped: Case = {
  name: "CopilotKit page: an ask_user interrupt skipped is resumed cancelled, and the summary says skipped",
  run: async (context) => {
    const { page } = context;
    await askDeploy(context, "interrupt");
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await dock(page).getByRole("button", { name: "Yes, skip" }).click();
    await hides(dock(page));
    const [, resumed] = await runsPosted(context, 2);
    expectMadeByCopilotKit(resumed, "resumed");
    const entries = resumed?.resume ?? [];
    expectThat(
      entries.length === 1 &&
        entries[0]?.status === "cancelled" &&
        !("payload" in (entries[0] ?? {})),
      `the resume is ${JSON.stringify(entries)}`,
    );
    const seen = await lastResultSeen(context, "interrupt");
    expectThat(
      JSON.stringify(seen.output) === '{"status":"cancelled"}',
      `the model read ${JSON.stringify(seen)}`,
    );
    const summary = page.locator(".ask-summary").last();
    await shows(summary);
    // biome-ignore lint/performance/useDomNodeTextContent: the summary as read, with its line breaks
    const text = (await summary.innerText()).replace(/\s+/g, " ");
    expectThat(/skipped/i.test(text), `the summary does not say skipped: ${text}`);
  },
};

export const COPILOTKIT_CASES: readonly Case[] = [
  frontendTool,
  interruptResolved,
  interruptSkipped,
];
