// Helpers of the `npm run test:langgraph` cases: the scripted model's call syntax, the thread's
// state as the server holds it (tool results, the model's last text), and the dock's steps.
import type { Locator, Page } from "playwright-core";
import { dock, expectThat, shows } from "../e2e/page-helpers";
import type { StateMessage, ThreadView } from "./harness";

/** Long enough for something that must not happen (a resume, a dock) to have had its chance. */
export const SETTLE_MS = 1_000;

/** A human message that makes the scripted model call `tool` with `args`. */
export const call = (tool: string, args: unknown): string =>
  `/call ${tool} ${JSON.stringify(args)}`;

/** Several calls in one model turn. */
export const calls = (...list: string[]): string => list.join(";;");

/** The result the kit's `ask_user` returns for answered questions, as the model reads it. */
export const answeredJson = (answers: Record<string, string[]>): string =>
  JSON.stringify({ status: "answered", answers: { answers } });
export const NO_ANSWER_JSON = '{"status":"no_answer"}';

/** A message's text, as the model's scripted answer and the tools write it. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content
    .map((block: unknown) =>
      typeof block === "object" && block !== null && "text" in block ? String(block.text) : "",
    )
    .join("");
}

export const toolMessages = (view: ThreadView): StateMessage[] =>
  view.messages.filter((message) => message.type === "tool");

/** The thread ended its run with the model's text (the scripted model's reply to tool results). */
export const endedWithText = (view: ThreadView): boolean =>
  view.status === "idle" && view.interrupts.length === 0 && view.messages.at(-1)?.type === "ai";

/**
 * The thread waits on an interrupt. Read from the state's tasks: a run started over the streaming
 * protocol leaves the thread's own `status` at "idle" (not "interrupted") while it waits.
 */
export const isInterrupted = (view: ThreadView): boolean => view.interrupts.length > 0;

/** Throws unless the model's last text is exactly `expected`. */
export function expectFinalText(view: ThreadView, expected: string): void {
  const last = view.messages.at(-1);
  const text = last === undefined ? "(no message)" : textOf(last.content);
  expectThat(
    last?.type === "ai" && text === expected,
    `the model's last text is\n  ${text}\nexpected\n  ${expected}`,
  );
}

/** Throws unless the thread holds exactly these tool results (name, status, content), in order. */
export function expectToolResults(
  view: ThreadView,
  expected: ReadonlyArray<{ name: string; status: string; content: string }>,
): void {
  const actual = toolMessages(view).map((message) => ({
    name: message.name ?? "",
    status: message.status ?? "",
    content: textOf(message.content),
  }));
  expectThat(
    JSON.stringify(actual) === JSON.stringify(expected),
    `the thread's tool results are\n  ${JSON.stringify(actual)}\nexpected\n  ${JSON.stringify(expected)}`,
  );
}

/** The only `ask_user` result of the thread: byte for byte, for the call the model made. */
export function expectAskUserResult(view: ThreadView, expected: string): void {
  const caller = view.messages.find((message) => (message.tool_calls?.length ?? 0) > 0);
  const callId = caller?.tool_calls?.[0]?.id;
  const results = toolMessages(view);
  expectToolResults(view, [{ name: "ask_user", status: "success", content: expected }]);
  expectThat(
    results[0]?.tool_call_id === callId,
    `the result answers call ${results[0]?.tool_call_id}, not ${callId}`,
  );
  expectFinalText(view, `tool ask_user said: ${expected}`);
}

/** The chat's transcript (the host's markup, not the dock). */
export const chat = (page: Page): Locator => page.getByRole("region", { name: "Chat" });
export const timeline = (page: Page): Locator => page.getByRole("region", { name: "Timeline" });

/** The question shown in the dock. */
export const step = (page: Page): Locator => dock(page).locator("fieldset[data-question-id]");

/** Next, or Submit on the last question. */
export const primaryButton = (page: Page): Locator =>
  dock(page).locator('.ask-dock__footer button[data-variant="primary"]');

/** Waits for the dock to show question `number` of `total`. */
export const atStep = (page: Page, number: number, total: number) =>
  shows(dock(page).getByText(`Question ${number} of ${total}`, { exact: true }));

/** The dock's typed field of the shown question (an argument, or "your own answer"). */
export const field = (page: Page): Locator => step(page).locator("[data-other-field]");

/** Chooses the option `label` of the shown question. */
export const choose = (page: Page, label: string) =>
  dock(page).getByRole("radio", { name: label, exact: true }).click();

/** Chooses `label` at step `from`; a click on an option moves on to the next step by itself. */
export async function chooseAndGoOn(page: Page, label: string, from: number, total: number) {
  await atStep(page, from, total);
  await choose(page, label);
  await atStep(page, from + 1, total);
}

/** Next (or Submit), clicked; waits for the step after it when there is one. */
export async function next(page: Page, from: number, total: number): Promise<void> {
  await atStep(page, from, total);
  await primaryButton(page).click();
  if (from < total) await atStep(page, from + 1, total);
}

export const submit = (page: Page) => dock(page).getByRole("button", { name: "Submit" }).click();

/** The text of the last summary in the timeline, its white space folded. */
export async function summaryText(page: Page): Promise<string> {
  const summary = timeline(page).locator(".ask-summary").last();
  await shows(summary);
  // biome-ignore lint/performance/useDomNodeTextContent: the summary as read, with its line breaks
  return (await summary.innerText()).replace(/\s+/g, " ").trim();
}

/** Waits for the chat to show `text` as a message of its own. */
export const showsMessage = (page: Page, text: string) =>
  shows(chat(page).locator("p").filter({ hasText: text }).last());

/** Waits a while for an effect that must not happen to have had its chance. */
export const settle = (page: Page) => page.waitForTimeout(SETTLE_MS);
