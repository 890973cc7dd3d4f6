// What each case of `npm run test:ai-sdk` gets: a fresh browser context on the test page, the
// scripted model the chat route answers with, and helpers to read what that model received.
import type { MockLanguageModelV3 } from "ai/test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectNoAxeViolations } from "../e2e/axe-check";
import { createPageErrorLog } from "../e2e/page-errors";
import { composerInput, dock, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { ChatServer } from "./server";

type Prompt = MockLanguageModelV3["doStreamCalls"][number]["prompt"];
type ToolMessage = Extract<Prompt[number], { role: "tool" }>;
/** A tool result as the model reads it in its prompt. */
export type ToolResult = Extract<ToolMessage["content"][number], { type: "tool-result" }>;

/** Everything one case needs. */
export type CaseContext = {
  page: Page;
  context: BrowserContext;
  /** This case's own scripted model (fresh per case). */
  model: MockLanguageModelV3;
  /** Opens the page and waits for the chat to render. */
  openPage(): Promise<void>;
  /** Reloads the page and waits for the chat to render again. */
  reloadPage(): Promise<void>;
  /** Types `text` in the composer and sends it. */
  send(text: string): Promise<void>;
  /**
   * Waits for the model's prompt number `index` (0-based, over the whole case) and returns its
   * tool results, in order.
   */
  toolResultsOfPrompt(index: number): Promise<ToolResult[]>;
  /** Question ids the page's dock showed since the page last loaded, in the order first shown. */
  shownQuestionIds(): Promise<string[]>;
  /** Runs axe-core on the dock alone (the host page's markup is not the kit's). */
  expectDockAccessible(state: string): Promise<void>;
  /** Uncaught exceptions and console errors of the page, in order. */
  readonly pageErrors: string[];
};

/** One case. `fakeClock` installs Playwright's clock before the page loads. */
export type Case = {
  name: string;
  timeoutMs?: number;
  fakeClock?: boolean;
  run(context: CaseContext): Promise<void>;
};

const VIEWPORT = { width: 1280, height: 820 };

/**
 * Records the id of every question a dock shows, from the first paint on: a question the dock
 * must never show (a hostile call, one already answered) could flash by between two polls. A
 * string, not a function: tsx would wrap a function's inner helpers in its own `__name`, which the
 * page does not have.
 */
const RECORD_SHOWN_QUESTIONS = `(() => {
  const shown = [];
  window.__shownQuestionIds = shown;
  new MutationObserver(() => {
    for (const element of document.querySelectorAll(".ask-dock [data-question-id], .ask-bar")) {
      // The panel's rehearsal, rendered once out of sight while the page idles, shows nothing.
      if (element.closest(".ask-warm-up") !== null) continue;
      const id = element.dataset.questionId ?? "(bar)";
      if (!shown.includes(id)) shown.push(id);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** Polls until `read` returns a value, or throws `what` after the UI timeout. */
async function eventually<T>(read: () => T | undefined, what: () => string): Promise<T> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Builds the context of one case in a fresh browser context (its own sessionStorage). */
export async function createCaseContext(
  browser: Browser,
  server: ChatServer,
  setup: { fakeClock: boolean },
): Promise<CaseContext> {
  const model = server.resetModel();
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" });
  const page = await context.newPage();
  if (setup.fakeClock) await page.clock.install();
  await page.addInitScript({ content: RECORD_SHOWN_QUESTIONS });
  const errorLog = createPageErrorLog();
  page.on("pageerror", (error) => errorLog.uncaught(error.message));
  page.on("console", (message) => errorLog.console({ type: message.type(), text: message.text() }));
  const rendered = () => shows(page.getByRole("heading", { name: "AI SDK chat" }));
  return {
    page,
    context,
    model,
    pageErrors: errorLog.errors,
    openPage: async () => {
      await page.goto(server.url);
      await rendered();
    },
    reloadPage: async () => {
      await page.reload();
      await rendered();
    },
    send: async (text) => {
      await composerInput(page).fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
    },
    toolResultsOfPrompt: async (index) => {
      const prompt = await eventually(
        () => model.doStreamCalls[index]?.prompt,
        () =>
          `the model never received prompt #${index + 1} (it received ${model.doStreamCalls.length})`,
      );
      return prompt
        .flatMap((message) => (message.role === "tool" ? message.content : []))
        .filter((part): part is ToolResult => part.type === "tool-result");
    },
    shownQuestionIds: () =>
      page.evaluate(() => [
        ...(window as unknown as { __shownQuestionIds: string[] }).__shownQuestionIds,
      ]),
    expectDockAccessible: async (state) => {
      await shows(dock(page));
      await expectNoAxeViolations(page, state, 'section.ask-dock[data-state="expanded"]');
    },
  };
}
