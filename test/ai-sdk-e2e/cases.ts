// The cases of `npm run test:ai-sdk`: the kit's dock answering the `ask_user` calls of a real
// AI SDK chat (`useChat`, `streamText`, the scripted `ai/test` model), checked from the page down
// to the bytes the model receives in its next prompt.
import type { Locator, Page } from "playwright-core";
import { SWITCH_GUARD_MS } from "../../src/react/dock/use-switch-guard";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { Case, CaseContext, ToolResult } from "./harness";

const DEPLOY_QUESTION = "Where should I deploy this build?";
const CHECKS_QUESTION = "Which checks should I run before merging?";
const BRANCH_QUESTION = "Should I rename the branch to match the ticket?";
const NO_ANSWER_REPLY = "No answer, so I will go with my best judgment.";
/** Long enough for a question that must not show to have shown, had the page asked it. */
const SETTLE_MS = 1_000;
const MAX_KEY_PRESSES = 30;
/** How long a key stays down after its effect showed: a quick press, as a person makes it. */
const KEY_HOLD_MS = 50;
/** An error text that lists a few field errors fits in this; one quoting the input does not. */
const MAX_ERROR_TEXT_LENGTH = 4_000;

/** The chat's transcript (the host's markup, not the dock). */
const chat = (page: Page): Locator => page.getByRole("region", { name: "Chat" });

/** The host's wrapper of the `ask_user` tool part number `index` in the chat. */
const toolPart = (page: Page, index = 0): Locator =>
  chat(page).locator("[data-tool-call-id]").nth(index);

const toolCallIdOf = async (page: Page, index = 0): Promise<string> =>
  (await toolPart(page, index).getAttribute("data-tool-call-id")) ?? "";

const answered = (answers: Record<string, string[]>) => ({
  status: "answered",
  answers: { answers },
});

/** Checks one tool result byte for byte: `JSON.stringify` of its output, as the model reads it. */
function expectOutput(
  result: ToolResult | undefined,
  toolCallId: string,
  value: unknown,
  what: string,
): void {
  expectThat(result !== undefined, `${what}: the model's prompt has no tool result`);
  if (result === undefined) return;
  expectThat(
    result.toolName === "ask_user" && result.toolCallId === toolCallId,
    `${what}: the tool result is for ${result.toolName} ${result.toolCallId}, not ask_user ${toolCallId}`,
  );
  const actual = JSON.stringify(result.output);
  const expected = JSON.stringify({ type: "json", value });
  expectThat(
    actual === expected,
    `${what}: the model received\n  ${actual}\nexpected\n  ${expected}`,
  );
}

/** The only tool result of prompt `index`, checked against `value`. */
async function expectOnlyResult(
  context: CaseContext,
  index: number,
  toolCallId: string,
  value: unknown,
): Promise<void> {
  const results = await context.toolResultsOfPrompt(index);
  expectThat(
    results.length === 1,
    `prompt #${index + 1} should hold one tool result, got ${results.length}`,
  );
  expectOutput(results[0], toolCallId, value, `prompt #${index + 1}`);
}

/** Sends `text` and waits for the dock to show `question`. */
async function ask(context: CaseContext, text: string, question: string): Promise<void> {
  await context.send(text);
  await shows(dock(context.page).getByText(question));
}

const submit = (page: Page) => dock(page).getByRole("button", { name: "Submit" }).click();

const focusIsInDock = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest("section.ask-dock")));

const focusedRadio = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.closest("section.ask-dock") && active.getAttribute("role") === "radio"
      ? (active.textContent ?? "")
      : null;
  });

/**
 * Waits out the dock's guard against clicks aimed at the request before (a click just after it
 * switched to the next request is ignored, as a double click's second half).
 */
const afterSwitchGuard = (page: Page) => page.waitForTimeout(SWITCH_GUARD_MS + 100);

/** Waits a while for an effect that must not happen to have had its chance. */
const settle = (page: Page) => page.waitForTimeout(SETTLE_MS);

const questionShows: Case = {
  name: "a question the model asks shows in the dock",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "please deploy", DEPLOY_QUESTION);
    await shows(dock(page).getByRole("radio", { name: /Production/ }));
    await shows(chat(page).getByText("Deploy the build", { exact: true }));
    const state = await toolPart(page).getAttribute("data-tool-state");
    expectThat(state === "input-available", `the tool part is ${state}, not input-available`);
    const shown = await context.shownQuestionIds();
    expectThat(shown.join() === "deploy_target", `the dock showed ${shown.join()}`);
    expectThat(
      context.model.doStreamCalls.length === 1,
      `the model was called ${context.model.doStreamCalls.length} times before any answer`,
    );
  },
};

const answerByClick: Case = {
  name: "answered by click: the model gets the answer, the chat goes on, it never asks again",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "please deploy", DEPLOY_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    await submit(page);
    await hides(dock(page));
    await expectOnlyResult(context, 1, toolCallId, answered({ deploy_target: ["Production"] }));
    await shows(chat(page).getByText("Deploying to Production…"));
    await shows(toolPart(page).locator(".ask-summary").getByText("Production", { exact: true }));
    await settle(page);
    expectThat((await dock(page).count()) === 0, "the dock came back after the answer");
    const shown = await context.shownQuestionIds();
    expectThat(shown.join() === "deploy_target", `the dock showed ${shown.join()}`);

    await context.reloadPage();
    await shows(chat(page).getByText("Deploying to Production…"));
    await shows(toolPart(page).locator(".ask-summary").getByText("Production", { exact: true }));
    await settle(page);
    const afterReload = await context.shownQuestionIds();
    expectThat(
      afterReload.length === 0,
      `after a reload the answered question showed again: ${afterReload.join()}`,
    );
    expectThat(
      context.model.doStreamCalls.length === 2,
      `the model was called ${context.model.doStreamCalls.length} times, expected 2`,
    );
  },
};

const answerByKeyboard: Case = {
  name: "answered by keyboard only (arrow keys, Enter)",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await page.getByRole("textbox", { name: "Message" }).focus();
    await page.keyboard.type("please deploy");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    const toolCallId = await toolCallIdOf(page);
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
    // Radix moves the focus a task after the keydown, and checks the radio it lands on only while
    // the arrow is still down: the key is held until the focus moved, as a person's press is.
    for (let presses = 0; !(await focusedRadio(page))?.startsWith("Production"); presses += 1) {
      expectThat(presses < MAX_KEY_PRESSES, "ArrowDown never reached Production");
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
        throw new Error("the arrow keys moved to Production without choosing it");
      });
    await page.keyboard.press("Enter");
    await hides(dock(page));
    await expectOnlyResult(context, 1, toolCallId, answered({ deploy_target: ["Production"] }));
    await shows(chat(page).getByText("Deploying to Production…"));
    expectThat(!(await focusIsInDock(page)), "the focus stayed in a dock that is gone");
  },
};

const skip: Case = {
  name: "Skip gives the model no_answer",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "please deploy", DEPLOY_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await dock(page).getByRole("button", { name: "Yes, skip" }).click();
    await hides(dock(page));
    await expectOnlyResult(context, 1, toolCallId, { status: "no_answer" });
    await shows(chat(page).getByText(NO_ANSWER_REPLY));
    await shows(
      toolPart(page)
        .locator(".ask-summary")
        .getByText(/You skipped/),
    );
  },
};

const timeout: Case = {
  name: "the timeout gives the model no_answer (fake clock)",
  fakeClock: true,
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "quick deploy", BRANCH_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    await page.clock.fastForward("00:20");
    await settle(page);
    expectThat(await dock(page).isVisible(), "the 30 s question ended after 20 s");
    expectThat(context.model.doStreamCalls.length === 1, "the model heard back before the timeout");
    await page.clock.fastForward("00:11");
    await hides(dock(page));
    await expectOnlyResult(context, 1, toolCallId, { status: "no_answer" });
    await shows(chat(page).getByText(NO_ANSWER_REPLY));
    await shows(
      toolPart(page)
        .locator(".ask-summary")
        .getByText(/expired/),
    );
  },
};

const deadlineSurvivesReload: Case = {
  name: "a reload keeps the question's deadline (fake clock)",
  fakeClock: true,
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "quick deploy", BRANCH_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    await page.clock.fastForward("00:20");
    await context.reloadPage();
    await shows(dock(page).getByText(BRANCH_QUESTION));
    // Restarted, the 30 s would still have 30 s to go; kept, 10 s are left.
    await page.clock.fastForward("00:11");
    await hides(dock(page));
    await expectOnlyResult(context, 1, toolCallId, { status: "no_answer" });
  },
};

const multiSelect: Case = {
  name: "multi-select: two options chosen arrive as two labels",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "run the checks", CHECKS_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    await dock(page)
      .getByRole("checkbox", { name: /Type check/ })
      .click();
    await dock(page).getByRole("checkbox", { name: /^Lint/ }).click();
    await submit(page);
    await hides(dock(page));
    await expectOnlyResult(context, 1, toolCallId, answered({ checks: ["Type check", "Lint"] }));
    await shows(chat(page).getByText("Running Type check, Lint…"));
  },
};

const freeText: Case = {
  name: "free text: what is typed in Other arrives as the answer",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "please deploy", DEPLOY_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    await dock(page)
      .getByRole("textbox", { name: "Your own answer for Deploy" })
      .fill("Canary in eu-west");
    await submit(page);
    await hides(dock(page));
    await expectOnlyResult(
      context,
      1,
      toolCallId,
      answered({ deploy_target: ["Canary in eu-west"] }),
    );
    await shows(chat(page).getByText("Deploying to Canary in eu-west…"));
  },
};

const twoAtOnce: Case = {
  name: "two calls in one step: shown in call order, both answered, both reach the model",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "two at once", DEPLOY_QUESTION);
    const firstId = await toolCallIdOf(page, 0);
    const secondId = await toolCallIdOf(page, 1);
    await shows(dock(page).getByText("1/2", { exact: true }));
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    await submit(page);
    await shows(dock(page).getByText(CHECKS_QUESTION));
    expectThat(
      context.model.doStreamCalls.length === 1,
      "the chat went on with one of its two calls unanswered",
    );
    await afterSwitchGuard(page);
    await dock(page)
      .getByRole("checkbox", { name: /Unit tests/ })
      .click();
    await submit(page);
    await hides(dock(page));
    const shown = await context.shownQuestionIds();
    expectThat(
      shown.join() === "deploy_target,checks",
      `the dock showed ${shown.join()}, expected deploy_target then checks`,
    );
    const results = await context.toolResultsOfPrompt(1);
    expectThat(results.length === 2, `the model got ${results.length} tool results, expected 2`);
    expectOutput(results[0], firstId, answered({ deploy_target: ["Production"] }), "first call");
    expectOutput(
      results[1],
      secondId,
      answered({ checks: ["Unit tests (Recommended)"] }),
      "second call",
    );
    await shows(chat(page).getByText("Deploying to Production… Running Unit tests (Recommended)…"));
  },
};

const reloadMidQuestion: Case = {
  name: "a reload mid-question keeps the question and the typed draft",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "please deploy", DEPLOY_QUESTION);
    const toolCallId = await toolCallIdOf(page);
    const other = dock(page).getByRole("textbox", { name: "Your own answer for Deploy" });
    await other.fill("Typed before the reload");
    await context.reloadPage();
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    const draft = await other.inputValue();
    expectThat(draft === "Typed before the reload", `the draft after a reload is "${draft}"`);
    expectThat(
      (await toolCallIdOf(page)) === toolCallId,
      "the reloaded chat shows another tool call",
    );
    expectThat(context.model.doStreamCalls.length === 1, "the reload sent the chat again");
    await submit(page);
    await hides(dock(page));
    await expectOnlyResult(
      context,
      1,
      toolCallId,
      answered({ deploy_target: ["Typed before the reload"] }),
    );
    await shows(chat(page).getByText("Deploying to Typed before the reload…"));
  },
};

const hostileInput: Case = {
  name: "a hostile call is refused with field errors, never shown; the retry shows",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "bad call", DEPLOY_QUESTION);
    const refusedId = await toolCallIdOf(page, 0);
    const retryId = await toolCallIdOf(page, 1);
    const refusedState = await toolPart(page, 0).getAttribute("data-tool-state");
    expectThat(refusedState === "output-error", `the refused call's part is ${refusedState}`);
    const [refused, ...more] = await context.toolResultsOfPrompt(1);
    expectThat(
      refused !== undefined && more.length === 0,
      "the retry's prompt should hold one tool result",
    );
    if (refused === undefined) return;
    expectThat(refused.toolCallId === refusedId, "the error is not for the hostile call");
    expectThat(
      refused.output.type === "error-text",
      `the refused call's output is ${refused.output.type}, not error-text`,
    );
    const text = refused.output.type === "error-text" ? refused.output.value : "";
    // One line per field naming the field and the rule it breaks; the 100 KB string is not
    // repeated back (the model would pay for it twice).
    expectThat(
      text.includes("ask_user was not called; fix these fields and call it again:"),
      `the error text does not say the call was refused:\n${text.slice(0, 2_000)}`,
    );
    expectThat(
      /^questions\[\d+\]\.\w+: must be at most \d+ characters/m.test(text),
      `the error text names no field of questions with its limit:\n${text.slice(0, 2_000)}`,
    );
    expectThat(
      text.length < MAX_ERROR_TEXT_LENGTH && !text.includes("x".repeat(100)),
      `the error text is ${text.length} characters long: it repeats the hostile input back`,
    );
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.join() === "deploy_target", `the dock showed ${shown.join()}`);
    expectThat(
      (await page.getByText("Which one?").count()) === 0,
      "the hostile question shows on the page",
    );
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    await submit(page);
    await hides(dock(page));
    const results = await context.toolResultsOfPrompt(2);
    expectOutput(
      results.find((result) => result.toolCallId === retryId),
      retryId,
      answered({ deploy_target: ["Production"] }),
      "the retried call",
    );
  },
};

const accessible: Case = {
  name: "axe-core finds no violation in the dock",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await ask(context, "two at once", DEPLOY_QUESTION);
    await context.expectDockAccessible("single-select, first of two requests");
    await dock(page)
      .getByRole("textbox", { name: "Your own answer for Deploy" })
      .fill("Somewhere else");
    await context.expectDockAccessible("Other typed");
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await shows(dock(page).getByRole("button", { name: "Keep answering" }));
    await context.expectDockAccessible("skip confirmation");
    await dock(page).getByRole("button", { name: "Keep answering" }).click();
    await submit(page);
    await shows(dock(page).getByText(CHECKS_QUESTION));
    await afterSwitchGuard(page);
    await dock(page).getByRole("checkbox", { name: /Lint/ }).click();
    await context.expectDockAccessible("multi-select, second request");
  },
};

/** Every case, in the order they run. */
export const CASES: Case[] = [
  questionShows,
  answerByClick,
  answerByKeyboard,
  skip,
  timeout,
  deadlineSurvivesReload,
  multiSelect,
  freeText,
  twoAtOnce,
  reloadMidQuestion,
  hostileInput,
  accessible,
];
