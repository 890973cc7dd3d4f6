// Plain interrupts of `npm run test:langgraph` (the `form` graph: one node that pauses with
// whatever its `request` holds): an MCP-style form and an `ask_user` input are shown with the
// kit's readers and resume the graph with their result; a value no reader knows, or a form the
// kit refuses, is left to the host, which says so in its status line, and the thread keeps waiting.
import type { Page } from "playwright-core";
import { dock, expectThat, hides, shows } from "../e2e/page-helpers";
import type { Case, CaseContext } from "./harness";
import { choose, chooseAndGoOn, field, isInterrupted, settle, submit } from "./helpers";

const RELEASE_FORM = {
  message: "Confirm the release.",
  requestedSchema: {
    type: "object",
    properties: {
      target: { type: "string", title: "Target", enum: ["staging", "production"] },
      notes: { type: "string", title: "Notes" },
    },
    required: ["target"],
  },
};

/** The host's notice of an interrupt the dock does not show. */
const unhandledNotice = (page: Page) => page.getByRole("status").filter({ hasText: "Not shown" });

/** Sends `request` to the form graph and returns the thread's id once it waits. */
async function pauseWith(context: CaseContext, request: unknown): Promise<string> {
  await context.openPage("form");
  const threadId = await context.send(JSON.stringify(request));
  await context.thread(threadId, isInterrupted, "the form graph never paused");
  return threadId;
}

/** Waits until the thread's `answer` is set and checks it is exactly `expected`. */
async function expectAnswer(context: CaseContext, threadId: string, expected: unknown) {
  const view = await context.thread(
    threadId,
    (state) => state.interrupts.length === 0 && state.values.answer !== undefined,
    "the graph never received an answer",
  );
  const actual = JSON.stringify(view.values.answer);
  expectThat(
    actual === JSON.stringify(expected),
    `the graph's answer is\n  ${actual}\nexpected\n  ${JSON.stringify(expected)}`,
  );
}

const mcpStyleForm: Case = {
  name: "a plain interrupt holding an MCP-style form: shown as steps, resumed with accept",
  run: async (context) => {
    const { page } = context;
    const threadId = await pauseWith(context, RELEASE_FORM);
    await shows(dock(page).getByText("Confirm the release."));
    await chooseAndGoOn(page, "staging", 1, 2);
    await field(page).fill("Ship after lunch.");
    await submit(page);
    await hides(dock(page));
    await expectAnswer(context, threadId, {
      action: "accept",
      content: { target: "staging", notes: "Ship after lunch." },
    });
  },
};

const askUserShapedInterrupt: Case = {
  name: "a plain interrupt holding an ask_user input: answered with the kit's result",
  run: async (context) => {
    const { page } = context;
    const threadId = await pauseWith(context, {
      questions: [
        {
          id: "size",
          header: "Size",
          question: "Which size?",
          options: [{ label: "Small" }, { label: "Large" }],
        },
      ],
    });
    await shows(dock(page).getByText("Which size?"));
    await choose(page, "Large");
    await submit(page);
    await hides(dock(page));
    await expectAnswer(context, threadId, {
      status: "answered",
      answers: { answers: { size: ["Large"] } },
    });
  },
};

const unknownInterrupt: Case = {
  name: "an interrupt no reader knows is left to the host (status line), never answered",
  run: async (context) => {
    const { page } = context;
    const threadId = await pauseWith(context, [1, "two", null, { three: [3] }]);
    await shows(unhandledNotice(page));
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.length === 0, `the dock showed ${shown.join()}`);
    const view = await context.thread(threadId, () => true, "the thread");
    expectThat(
      isInterrupted(view) && view.values.answer === undefined,
      `the thread no longer waits: ${JSON.stringify(view.values)}`,
    );
  },
};

const refusedForm: Case = {
  name: "a form the kit cannot show is left to the host with its reasons, never answered",
  run: async (context) => {
    const { page } = context;
    const threadId = await pauseWith(context, {
      message: "Nested",
      requestedSchema: {
        type: "object",
        properties: { address: { type: "object", properties: { city: { type: "string" } } } },
      },
    });
    const notice = unhandledNotice(page);
    await shows(notice);
    const text = (await notice.textContent()) ?? "";
    expectThat(text.includes("refused"), `the notice does not say it was refused: ${text}`);
    await settle(page);
    const shown = await context.shownQuestionIds();
    expectThat(shown.length === 0, `the dock showed ${shown.join()}`);
    const view = await context.thread(threadId, () => true, "the thread");
    expectThat(isInterrupted(view), "the thread no longer waits on the refused form");
  },
};

const secondTabRetiresForm: Case = {
  name: "a second tab answers a form: the first tab's dock retires once the page is back in view",
  run: async (context) => {
    const { page } = context;
    const threadId = await pauseWith(context, RELEASE_FORM);
    await shows(dock(page).getByText("Confirm the release."));
    const second = await context.openSecondTab();
    await shows(dock(second).getByText("Confirm the release."));
    await chooseAndGoOn(second, "production", 1, 2);
    await submit(second);
    await hides(dock(second));
    await expectAnswer(context, threadId, { action: "accept", content: { target: "production" } });
    // A form's answer leaves nothing in the messages: the first tab reads the thread's state
    // again when it comes back into view.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await hides(dock(page));
    const shown = await context.shownQuestionIds();
    expectThat(shown.length > 0, "the first tab never showed the form");
  },
};

/** The plain-interrupt cases, in the order they run. */
export const FORM_CASES: Case[] = [
  mcpStyleForm,
  secondTabRetiresForm,
  askUserShapedInterrupt,
  unknownInterrupt,
  refusedForm,
];
