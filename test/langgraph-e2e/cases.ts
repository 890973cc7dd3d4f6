// The cases of `npm run test:langgraph`: the kit's dock on a `useStream` chat against a real local
// LangGraph server, answering the kit's headless `ask_user` tool and the human-in-the-loop
// middleware's review interrupts, each checked down to the thread's state on the server: the
// ToolMessages the agent's tools left and the model's next text, which quotes each tool result
// byte for byte.
import type { Page } from "playwright-core";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import { FORM_CASES } from "./cases-form";
import { HOSTILE_CASES } from "./cases-hostile";
import { SERVER_DOWN_CASES } from "./cases-server-down";
import { VERDICT_CASES } from "./cases-verdicts";
import type { Case, CaseContext, ThreadView } from "./harness";
import {
  answeredJson,
  atStep,
  call,
  calls,
  choose,
  chooseAndGoOn,
  endedWithText,
  expectAskUserResult,
  expectFinalText,
  expectToolResults,
  field,
  isInterrupted,
  NO_ANSWER_JSON,
  next,
  settle,
  showsMessage,
  submit,
  summaryText,
  textOf,
  timeline,
  toolMessages,
} from "./helpers";

const MAX_KEY_PRESSES = 30;
/** How long a key stays down after its effect showed: a quick press, as a person makes it. */
const KEY_HOLD_MS = 50;

const COLOR_QUESTION = "Which color should the banner be?";
const COLOR_CALL = {
  questions: [
    {
      id: "banner_color",
      header: "Color",
      question: COLOR_QUESTION,
      options: [{ label: "Red" }, { label: "Blue", description: "Calm and readable." }],
    },
  ],
};
const EMAIL = { to: "bob@x.io", subject: "hi" };
const FILE = { path: "/tmp/a.txt" };

/** The dock's radio that has the focus, by its text, or null. */
const focusedRadio = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.closest("section.ask-dock") && active.getAttribute("role") === "radio"
      ? (active.textContent ?? "")
      : null;
  });

/** Sends the color question and waits for it in the dock and for the thread to wait on it. */
async function askColor(context: CaseContext, extra: Record<string, unknown> = {}) {
  await context.openPage("ask");
  const threadId = await context.send(call("ask_user", { ...COLOR_CALL, ...extra }));
  await shows(dock(context.page).getByText(COLOR_QUESTION));
  await context.thread(threadId, isInterrupted, "the ask_user call never paused the run");
  return threadId;
}

const askAnsweredByClick: Case = {
  name: "ask_user answered by click: the ToolMessage is the kit's result byte for byte",
  run: async (context) => {
    const { page } = context;
    const threadId = await askColor(context);
    await choose(page, "Blue");
    await submit(page);
    await hides(dock(page));
    const expected = answeredJson({ banner_color: ["Blue"] });
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectAskUserResult(view, expected);
    await showsMessage(page, `tool ask_user said: ${expected}`);
    const summary = await summaryText(page);
    expectThat(summary.includes("Blue"), `the summary does not name the answer: ${summary}`);
    await settle(page);
    expectThat((await dock(page).count()) === 0, "the dock came back after the answer");

    await context.reloadPage();
    await showsMessage(page, `tool ask_user said: ${expected}`);
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.length === 0, `after a reload the answered call showed again: ${shown}`);
  },
};

const askAnsweredByKeyboard: Case = {
  name: "ask_user answered by keyboard only (type, Enter, Tab, arrows, Enter)",
  run: async (context) => {
    const { page } = context;
    await context.openPage("ask");
    await page.getByRole("textbox", { name: "Message" }).focus();
    await page.keyboard.type(call("ask_user", COLOR_CALL));
    await page.keyboard.press("Enter");
    await shows(dock(page).getByText(COLOR_QUESTION));
    const threadId = await page.evaluate(() => document.querySelector("main")?.dataset.threadId);
    expectThat(typeof threadId === "string" && threadId !== "", "the page has no thread id");
    // The arriving question takes the focus once painted; Tab gets there otherwise.
    await page
      .waitForFunction(() => document.activeElement?.closest("section.ask-dock") != null, null, {
        timeout: 2_000,
      })
      .catch(() => undefined);
    for (let presses = 0; (await focusedRadio(page)) === null; presses += 1) {
      expectThat(presses < MAX_KEY_PRESSES, "Tab never reached the dock's options");
      await page.keyboard.press("Tab");
    }
    // Radix moves the focus a task after the keydown and checks the radio it lands on only while
    // the arrow is still down: the key is held until the focus moved, as a person's press is.
    for (let presses = 0; !(await focusedRadio(page))?.startsWith("Blue"); presses += 1) {
      expectThat(presses < MAX_KEY_PRESSES, "ArrowDown never reached Blue");
      const before = await focusedRadio(page);
      await page.keyboard.down("ArrowDown");
      await page.waitForFunction((label) => document.activeElement?.textContent !== label, before, {
        timeout: UI_TIMEOUT_MS,
      });
      await page.waitForTimeout(KEY_HOLD_MS);
      await page.keyboard.up("ArrowDown");
    }
    await page
      .waitForFunction(
        () =>
          document.activeElement?.getAttribute("role") === "radio" &&
          document.activeElement.getAttribute("aria-checked") === "true",
        null,
        { timeout: UI_TIMEOUT_MS },
      )
      .catch(() => {
        throw new Error("the arrow keys moved to Blue without choosing it");
      });
    await page.keyboard.press("Enter");
    await hides(dock(page));
    const view = await context.thread(String(threadId), endedWithText, "the run never ended");
    expectAskUserResult(view, answeredJson({ banner_color: ["Blue"] }));
    const focusInDock = await page.evaluate(() =>
      Boolean(document.activeElement?.closest("section.ask-dock")),
    );
    expectThat(!focusInDock, "the focus stayed in a dock that is gone");
  },
};

const askSkipped: Case = {
  name: 'ask_user skipped: the ToolMessage is {"status":"no_answer"}',
  run: async (context) => {
    const { page } = context;
    const threadId = await askColor(context);
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await dock(page).getByRole("button", { name: "Yes, skip" }).click();
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectAskUserResult(view, NO_ANSWER_JSON);
    const summary = await summaryText(page);
    expectThat(/skipped/i.test(summary), `the summary does not say it was skipped: ${summary}`);
  },
};

const askExpired: Case = {
  name: 'ask_user deadline (30 s, fake clock): the ToolMessage is {"status":"no_answer"}',
  fakeClock: true,
  run: async (context) => {
    const { page } = context;
    const threadId = await askColor(context, { timeoutSeconds: 30 });
    await page.clock.fastForward("00:20");
    await settle(page);
    expectThat(await dock(page).isVisible(), "the 30 s question ended after 20 s");
    const before = await context.thread(threadId, () => true, "the thread");
    expectThat(isInterrupted(before), "after 20 s the thread no longer waits on the question");
    await page.clock.fastForward("00:11");
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectAskUserResult(view, NO_ANSWER_JSON);
    const summary = await summaryText(page);
    expectThat(/expired/i.test(summary), `the summary does not say it expired: ${summary}`);
  },
};

const askDeadlineSurvivesReload: Case = {
  name: "a reload keeps ask_user's deadline (fake clock)",
  fakeClock: true,
  run: async (context) => {
    const { page } = context;
    const threadId = await askColor(context, { timeoutSeconds: 30 });
    await page.clock.fastForward("00:20");
    await context.reloadPage();
    await shows(dock(page).getByText(COLOR_QUESTION));
    // Restarted, the 30 s would still have 30 s to go; kept, 10 s are left.
    await page.clock.fastForward("00:11");
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectAskUserResult(view, NO_ANSWER_JSON);
  },
};

const askDraftSurvivesReload: Case = {
  name: "reload mid-interrupt: ask_user docks again with the typed draft, which is then sent",
  run: async (context) => {
    const { page } = context;
    const threadId = await askColor(context);
    const other = dock(page).getByRole("textbox", { name: "Your own answer for Color" });
    await other.fill("Typed before the reload");
    await context.reloadPage();
    await shows(dock(page).getByText(COLOR_QUESTION));
    const draft = await other.inputValue();
    expectThat(draft === "Typed before the reload", `the draft after a reload is "${draft}"`);
    const still = await context.thread(threadId, () => true, "the thread");
    expectThat(isInterrupted(still), "after the reload the thread no longer waits on the question");
    await submit(page);
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectAskUserResult(view, answeredJson({ banner_color: ["Typed before the reload"] }));
  },
};

/** What a tab's stream and dock show: the page's data attributes, its messages, the dock. */
async function describeTab(page: Page): Promise<string> {
  const shown = await page.evaluate(() => ({
    stream: { ...document.querySelector("main")?.dataset },
    messages: [...document.querySelectorAll('[aria-label="Chat"] p')].map(
      (message) => `${(message as HTMLElement).dataset.messageType}: ${message.textContent}`,
    ),
    dock: document.querySelector("section.ask-dock")?.getAttribute("data-status") ?? null,
  }));
  return JSON.stringify(shown, null, 1);
}

/** Waits for the first tab's dock to retire once another tab's answer reached the server. */
async function expectRetired(page: Page, view: ThreadView): Promise<void> {
  try {
    await hides(dock(page));
  } catch {
    throw new Error(
      `the first tab's dock is still open ${UI_TIMEOUT_MS / 1000} s after the second tab's answer reached the server (thread ${view.status}, ${view.interrupts.length} interrupts); the first tab shows ${await describeTab(page)}`,
    );
  }
}

const secondTabRetiresAsk: Case = {
  name: "a second tab answers ask_user: the first tab's dock retires",
  run: async (context) => {
    const { page } = context;
    const threadId = await askColor(context);
    const second = await context.openSecondTab();
    await shows(dock(second).getByText(COLOR_QUESTION));
    await choose(second, "Red");
    await submit(second);
    await hides(dock(second));
    const expected = answeredJson({ banner_color: ["Red"] });
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectAskUserResult(view, expected);
    await showsMessage(second, `tool ask_user said: ${expected}`);
    await expectRetired(page, view);
    const summary = await summaryText(page);
    expectThat(summary.includes("Red"), `the first tab's summary does not say Red: ${summary}`);
  },
};

const secondTabRetiresReview: Case = {
  name: "a second tab decides a review: the first tab's dock retires",
  run: async (context) => {
    const { page } = context;
    const threadId = await review(context, false);
    const second = await context.openSecondTab();
    await atStep(second, 1, 3);
    await chooseAndGoOn(second, "Approve", 1, 3);
    await next(second, 2, 3);
    await submit(second);
    await hides(dock(second));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const sent = "sent email to bob@x.io (subject: hi)";
    expectToolResults(view, [{ name: "send_email", status: "success", content: sent }]);
    await showsMessage(second, `tool send_email said: ${sent}`);
    await expectRetired(page, view);
  },
};

/** Sends send_email (and delete_file, when `withFile`) to the review agent; waits for the dock. */
async function review(context: CaseContext, withFile: boolean): Promise<string> {
  await context.openPage("review");
  const emailCall = call("send_email", EMAIL);
  const threadId = await context.send(
    withFile ? calls(emailCall, call("delete_file", FILE)) : emailCall,
  );
  await atStep(context.page, 1, withFile ? 4 : 3);
  const view = await context.thread(threadId, isInterrupted, "the review never paused the run");
  expectThat(view.interrupts.length === 1, `${view.interrupts.length} interrupts, expected one`);
  return threadId;
}

/** The tool calls of the thread's last model turn that called tools. */
const lastToolCalls = (view: ThreadView) =>
  view.messages.findLast((message) => (message.tool_calls?.length ?? 0) > 0)?.tool_calls ?? [];

const bothApproved: Case = {
  name: "review of two actions, both approved: both tools ran",
  run: async (context) => {
    const { page } = context;
    const threadId = await review(context, true);
    await expectStepTitles(page, ["send_email", "to", "subject", "delete_file"]);
    await chooseAndGoOn(page, "Approve", 1, 4);
    await next(page, 2, 4);
    await next(page, 3, 4);
    await choose(page, "Approve");
    await submit(page);
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const sent = "sent email to bob@x.io (subject: hi)";
    expectToolResults(view, [
      { name: "send_email", status: "success", content: sent },
      { name: "delete_file", status: "success", content: "deleted /tmp/a.txt" },
    ]);
    expectFinalText(
      view,
      `tool send_email said: ${sent}\ntool delete_file said: deleted /tmp/a.txt`,
    );
    const summary = await summaryText(page);
    for (const part of ["send_email", "delete_file", "Approve"])
      expectThat(summary.includes(part), `the summary lacks "${part}": ${summary}`);
  },
};

const rejectedWithMessage: Case = {
  name: "review rejected with a typed reason: the tool's error result is that reason",
  run: async (context) => {
    const { page } = context;
    const threadId = await review(context, false);
    const reason = "No, do not email Bob; he is on leave.";
    await dock(page).getByRole("textbox", { name: "Your own answer for send_email" }).fill(reason);
    await next(page, 1, 3);
    await next(page, 2, 3);
    await submit(page);
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectToolResults(view, [{ name: "send_email", status: "error", content: reason }]);
    expectFinalText(view, `tool send_email said: ${reason}`);
    const summary = await summaryText(page);
    expectThat(summary.includes(reason), `the summary does not quote the reason: ${summary}`);
  },
};

const edited: Case = {
  name: "review edited: send_email runs with the changed recipient",
  run: async (context) => {
    const { page } = context;
    const threadId = await review(context, false);
    const callId = lastToolCalls(await context.thread(threadId, () => true, "the thread"))[0]?.id;
    await chooseAndGoOn(page, "Approve", 1, 3);
    const to = field(page);
    const shown = await to.inputValue();
    expectThat(shown === EMAIL.to, `the "to" step holds "${shown}", not the call's ${EMAIL.to}`);
    await to.fill("carol@x.io");
    await next(page, 2, 3);
    await submit(page);
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const [edit] = lastToolCalls(view);
    expectThat(
      edit?.id === callId &&
        JSON.stringify(edit?.args) === JSON.stringify({ ...EMAIL, to: "carol@x.io" }),
      `the call in the state is ${JSON.stringify(edit)}, expected ${callId} to carol@x.io`,
    );
    const sent = "sent email to carol@x.io (subject: hi)";
    expectToolResults(view, [{ name: "send_email", status: "success", content: sent }]);
    expectFinalText(view, `tool send_email said: ${sent}`);
  },
};

const mixedBatch: Case = {
  name: "review of two actions, one approved and one rejected: as the server's state says",
  run: async (context) => {
    const { page } = context;
    const threadId = await review(context, true);
    await chooseAndGoOn(page, "Approve", 1, 4);
    await next(page, 2, 4);
    await next(page, 3, 4);
    await choose(page, "Reject");
    await submit(page);
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    // langchain 1.5.14's middleware drops the approved call of a batch that also rejects one:
    // only the rejected call is left in the model's turn, with its error result.
    const left = lastToolCalls(view).map((toolCall) => toolCall.name);
    expectThat(
      left.join() === "delete_file",
      `the model's turn keeps the calls ${left.join()}, not delete_file alone`,
    );
    const [rejected] = toolMessages(view);
    expectThat(
      toolMessages(view).length === 1 &&
        rejected?.name === "delete_file" &&
        rejected.status === "error" &&
        textOf(rejected.content).startsWith("User rejected the tool call for `delete_file`"),
      `the tool results are ${JSON.stringify(toolMessages(view))}, expected delete_file's rejection alone`,
    );
    expectFinalText(view, `tool delete_file said: ${textOf(rejected?.content)}`);
    // The summary tells what became of each: the approved email did not run.
    await shows(
      timeline(page).locator(".ask-summary__result").filter({ hasText: "It did not run" }),
    );
    const summary = await summaryText(page);
    expectThat(
      /send_email.*Approve.*It did not run.*delete_file.*Reject/.test(summary),
      `the summary does not tell what became of each action: ${summary}`,
    );
  },
};

const reviewDraftSurvivesReload: Case = {
  name: "reload mid-review: the typed reason docks again and is sent",
  run: async (context) => {
    const { page } = context;
    const threadId = await review(context, false);
    const reason = dock(page).getByRole("textbox", { name: "Your own answer for send_email" });
    await reason.fill("Typed before the reload");
    await context.reloadPage();
    await atStep(page, 1, 3);
    const draft = await reason.inputValue();
    expectThat(draft === "Typed before the reload", `the reason after a reload is "${draft}"`);
    await next(page, 1, 3);
    await next(page, 2, 3);
    await submit(page);
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    expectToolResults(view, [
      { name: "send_email", status: "error", content: "Typed before the reload" },
    ]);
  },
};

/** The dock's step titles, in order. */
async function expectStepTitles(page: Page, titles: readonly string[]): Promise<void> {
  const steps = (
    await dock(page).getByRole("list", { name: "Questions" }).locator("bdi").allInnerTexts()
  ).map((title) => title.trim());
  expectThat(
    steps.join() === titles.join(),
    `the dock's steps are ${steps.join(", ")}, not ${titles.join(", ")}`,
  );
}

const accessible: Case = {
  name: "axe-core finds no violation in the dock (ask_user, review decision, argument step)",
  run: async (context) => {
    const { page } = context;
    await askColor(context);
    await context.expectDockAccessible("ask_user, expanded");
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await shows(dock(page).getByRole("button", { name: "Keep answering" }));
    await context.expectDockAccessible("ask_user, skip confirmation");
    await dock(page).getByRole("button", { name: "Keep answering" }).click();

    await review(context, true);
    await context.expectDockAccessible("review, decision step");
    await chooseAndGoOn(page, "Approve", 1, 4);
    await context.expectDockAccessible("review, argument step");
  },
};

/** Every case, in the order they run. */
export const CASES: Case[] = [
  askAnsweredByClick,
  askAnsweredByKeyboard,
  askSkipped,
  askExpired,
  askDeadlineSurvivesReload,
  askDraftSurvivesReload,
  secondTabRetiresAsk,
  bothApproved,
  rejectedWithMessage,
  edited,
  mixedBatch,
  reviewDraftSurvivesReload,
  secondTabRetiresReview,
  ...HOSTILE_CASES,
  ...FORM_CASES,
  ...VERDICT_CASES,
  ...SERVER_DOWN_CASES,
  accessible,
];
