// Hostile calls of `npm run test:langgraph`: what a model (or whoever steers it) may put in an
// `ask_user` call or a reviewed tool call: too many questions, `__proto__` keys, 100 KB strings,
// markup. The kit's agent tool refuses a call that breaks the contract with field errors the model
// reads in its ToolMessage; what is shown is shown as text, never as markup.
import type { Page } from "playwright-core";
import { dock, expectThat, hides, shows } from "../e2e/page-helpers";
import type { Case } from "./harness";
import {
  answeredJson,
  call,
  chat,
  endedWithText,
  expectFinalText,
  isInterrupted,
  settle,
  textOf,
  toolMessages,
} from "./helpers";

const MARKUP = "<img src=x onerror=alert(1)>";
const SCRIPT = "<script>alert(1)</script>";
const HUGE = "x".repeat(100_000);
/** An error text that lists field errors fits in this; one quoting the input does not. */
const MAX_ERROR_TEXT_LENGTH = 4_000;

/** A JSON object with an own `__proto__` key (an object literal would set the prototype). */
const withProtoKey = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.assign(JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>, fields);

/** Elements the page must never have grown from shown text, and signs of a polluted prototype. */
async function expectInert(page: Page, dialogs: readonly string[]): Promise<void> {
  const found = await page.evaluate(() => ({
    images: document.querySelectorAll("img").length,
    scripts: [...document.querySelectorAll("script")].filter((script) => !script.src).length,
    polluted: "polluted" in {},
  }));
  expectThat(found.images === 0, `the page holds ${found.images} img elements`);
  expectThat(found.scripts === 0, `the page holds ${found.scripts} inline scripts`);
  expectThat(!found.polluted, "Object.prototype was polluted");
  expectThat(dialogs.length === 0, `the page opened dialogs: ${dialogs.join(", ")}`);
}

const recordDialogs = (page: Page): string[] => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
};

const refusedAskUser: Case = {
  name: "hostile ask_user (7 questions, __proto__ keys, a 100 KB string, markup): refused with field errors",
  run: async (context) => {
    const { page } = context;
    const dialogs = recordDialogs(page);
    const questions = Array.from({ length: 7 }, (_, index) =>
      withProtoKey({
        id: `q_${index + 1}`,
        header: MARKUP,
        question: index === 0 ? HUGE : `${SCRIPT} question ${index + 1}?`,
        options: [{ label: MARKUP }, { label: "Fine" }],
      }),
    );
    await context.openPage("ask");
    const threadId = await context.send(call("ask_user", withProtoKey({ questions })));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const [result, ...more] = toolMessages(view);
    expectThat(
      result !== undefined && more.length === 0,
      `the thread holds ${toolMessages(view).length} tool results, expected one`,
    );
    const text = textOf(result?.content);
    expectThat(
      result?.name === "ask_user" && result.status === "error",
      `the result is ${result?.name} with status ${result?.status}, not an ask_user error`,
    );
    expectThat(
      text.includes("ask_user was not called; fix these fields and call it again:"),
      `the error does not say the call was refused:\n${text.slice(0, 2_000)}`,
    );
    expectThat(
      /^questions\[0\]\.question: must be at most \d+ characters/m.test(text),
      `the error does not name the oversized field with its limit:\n${text.slice(0, 2_000)}`,
    );
    expectThat(
      text.length < MAX_ERROR_TEXT_LENGTH && !text.includes("x".repeat(100)),
      `the error is ${text.length} characters long: it repeats the hostile input back`,
    );
    expectFinalText(view, `tool ask_user said: ${text}`);
    await shows(chat(page).getByText("ask_user was not called", { exact: false }).last());
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.length === 0, `the dock showed ${shown.join()}`);
    await expectInert(page, dialogs);
  },
};

const tooManyQuestions: Case = {
  name: "ask_user with 7 questions: refused, the error names the question count",
  run: async (context) => {
    const { page } = context;
    const questions = Array.from({ length: 7 }, (_, index) => ({
      id: `q_${index + 1}`,
      header: "Pick",
      question: `Question ${index + 1}?`,
      options: [{ label: "One" }, { label: "Two" }],
    }));
    await context.openPage("ask");
    const threadId = await context.send(call("ask_user", { questions }));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const [result] = toolMessages(view);
    const text = textOf(result?.content);
    expectThat(
      result?.status === "error" &&
        text.includes("ask_user was not called; fix these fields and call it again:\n"),
      `the result is not a refusal: ${result?.status} ${text.slice(0, 500)}`,
    );
    expectThat(
      /^questions: .*got 7$/m.test(text),
      `the error does not name the question count:\n${text}`,
    );
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.length === 0, `the dock showed ${shown.join()}`);
  },
};

const protoKeys: Case = {
  name: "ask_user with __proto__ keys at every level: refused naming them, or shown and answered exactly",
  run: async (context) => {
    const { page } = context;
    const dialogs = recordDialogs(page);
    await context.openPage("ask");
    const input = withProtoKey({
      questions: [
        withProtoKey({
          // A valid id that is also a name every object inherits.
          id: "constructor",
          header: "Build",
          question: "Which constructor?",
          options: [withProtoKey({ label: "Plain" }), withProtoKey({ label: "Fancy" })],
        }),
      ],
    });
    const threadId = await context.send(call("ask_user", input));
    const first = await context.thread(
      threadId,
      (view) => isInterrupted(view) || endedWithText(view),
      "the call neither paused the run nor ended it",
    );
    if (!isInterrupted(first)) {
      // Refused: then by the kit's contract, with field errors naming the keys, as any refusal.
      const [result] = toolMessages(first);
      const text = textOf(result?.content);
      expectThat(
        result?.status === "error" &&
          text.includes("ask_user was not called; fix these fields and call it again:") &&
          text.includes("__proto__"),
        `the call was refused, but not with the kit's field errors naming __proto__:\n${text.slice(0, 1_500)}`,
      );
      await expectInert(page, dialogs);
      return;
    }
    await shows(dock(page).getByText("Which constructor?"));
    await dock(page).getByRole("radio", { name: "Fancy", exact: true }).click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const expected = answeredJson({ constructor: ["Fancy"] });
    const [result] = toolMessages(view);
    expectThat(
      textOf(result?.content) === expected,
      `the ToolMessage is ${textOf(result?.content)}, expected ${expected}`,
    );
    await expectInert(page, dialogs);
  },
};

const markupShownInert: Case = {
  name: "markup in an accepted ask_user is shown as text, and its label comes back byte for byte",
  run: async (context) => {
    const { page } = context;
    const dialogs = recordDialogs(page);
    const question = `${SCRIPT} Which one? ${MARKUP}`;
    await context.openPage("ask");
    const threadId = await context.send(
      call("ask_user", {
        questions: [
          {
            id: "markup",
            header: "<b>Bold</b>",
            question,
            options: [{ label: MARKUP, description: SCRIPT }, { label: "Plain" }],
          },
        ],
      }),
    );
    await shows(dock(page).getByText(question, { exact: true }));
    await context.thread(threadId, isInterrupted, "the call never paused the run");
    await expectInert(page, dialogs);
    await dock(page).getByRole("radio", { name: MARKUP, exact: true }).click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const expected = answeredJson({ markup: [MARKUP] });
    const [result] = toolMessages(view);
    expectThat(
      textOf(result?.content) === expected,
      `the ToolMessage is ${textOf(result?.content)}, expected ${expected}`,
    );
    expectFinalText(view, `tool ask_user said: ${expected}`);
    await expectInert(page, dialogs);
  },
};

const hostileReview: Case = {
  name: "a reviewed call with markup, a __proto__ argument and a 100 KB string is shown inert and rejected",
  run: async (context) => {
    const { page } = context;
    const dialogs = recordDialogs(page);
    await context.openPage("review");
    const args = withProtoKey({ to: MARKUP, subject: HUGE });
    const threadId = await context.send(call("send_email", args));
    const pending = await context.thread(threadId, isInterrupted, "the review never paused");
    await shows(dock(page).getByText(/Question 1 of \d+/));
    await expectInert(page, dialogs);
    const question = (await dock(page).locator("fieldset legend").textContent()) ?? "";
    expectThat(
      question.includes(`to = ${MARKUP}`) && question.length < 1_000,
      `the review shows ${question.length} characters: ${question.slice(0, 400)}`,
    );
    const steps = await dock(page)
      .getByRole("list", { name: "Questions" })
      .locator("bdi")
      .allInnerTexts();
    await dock(page).getByRole("radio", { name: "Reject", exact: true }).click();
    // The decision step moves on to the arguments; Submit sits on the last of them.
    for (let step = 2; step <= steps.length; step += 1) {
      await shows(dock(page).getByText(`Question ${step} of ${steps.length}`, { exact: true }));
      if (step < steps.length)
        await dock(page).locator('.ask-dock__footer button[data-variant="primary"]').click();
    }
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    const view = await context.thread(threadId, endedWithText, "the run never ended");
    const [result, ...more] = toolMessages(view);
    expectThat(
      more.length === 0 && result?.name === "send_email" && result.status === "error",
      `the tool results are ${JSON.stringify(toolMessages(view)).slice(0, 600)}`,
    );
    expectThat(
      textOf(result?.content).startsWith("User rejected the tool call for `send_email`"),
      `the rejection reads ${textOf(result?.content).slice(0, 300)}`,
    );
    await expectInert(page, dialogs);
    expectThat(
      pending.interrupts.length === 1,
      `the review paused with ${pending.interrupts.length} interrupts`,
    );
  },
};

/** The hostile cases, in the order they run. */
export const HOSTILE_CASES: Case[] = [
  refusedAskUser,
  tooManyQuestions,
  protoKeys,
  markupShownInert,
  hostileReview,
];
