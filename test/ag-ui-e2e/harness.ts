// What each case of `npm run test:ag-ui` gets: a fresh browser context on the test page (an AG-UI
// `HttpAgent` chat against the real CopilotKit runtime), and what the runtime's scripted model
// received, so a case checks what reached the agent, byte for byte.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectNoAxeViolations } from "../e2e/axe-check";
import { createPageErrorLog } from "../e2e/page-errors";
import { composerInput, dock, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import { type CopilotKitServer, PAGE_AGENT_COOKIE } from "./copilotkit-server";
import type { AgUiPageServer } from "./server";

/** What a page posts for a run (`RunAgentInput`), as far as the cases read it. */
export type RunInput = {
  threadId: string;
  messages: Array<{ id: string; role: string; content?: unknown; toolCallId?: string }>;
  resume?: Array<{ interruptId: string; status: string; payload?: unknown }>;
  /** What the page's framework tells the agent (CopilotKit's `useAgentContext`). */
  context?: Array<{ description: string; value: string }>;
};

/** Everything one case needs. */
export type CaseContext = {
  page: Page;
  context: BrowserContext;
  runtime: CopilotKitServer;
  /** The LangGraph server behind the runtime's agent `langgraph`. */
  langgraphUrl: string;
  /** Opens the chat on the runtime's agent `agentId` (or on `agentUrl`), on `thread` when given. */
  openPage(agentId: string, options?: { thread?: string; agentUrl?: string }): Promise<void>;
  /**
   * Opens the README's CopilotKit page, its agent `default` standing for the runtime's `agentId`,
   * and waits for CopilotKit to have reached the runtime.
   */
  openCopilotKitPage(agentId: string): Promise<void>;
  /** Reloads the page (its URL holds the thread) and waits for the chat to render again. */
  reloadPage(): Promise<void>;
  /** Opens the page's URL in a second tab of the same browser, its errors logged too. */
  openSecondTab(): Promise<Page>;
  /** Types `text` in the composer of `tab` and sends it. */
  send(text: string, tab?: Page): Promise<void>;
  /** The thread id the page runs on. */
  threadId(tab?: Page): Promise<string>;
  /** Question ids a dock of `tab` showed since it loaded, in order. */
  shownQuestionIds(tab?: Page): Promise<string[]>;
  /** Runs `during` with the browser's refused requests to `url` not counted as page errors. */
  whileServerDown<T>(url: string, during: () => Promise<T>): Promise<T>;
  /** The bodies of every run the page's tabs posted to the runtime, in order. */
  runInputs(): RunInput[];
  /** Runs axe-core on the dock alone. */
  expectDockAccessible(state: string): Promise<void>;
  readonly pageErrors: string[];
};

/** One case; `fakeClock` installs Playwright's clock before the page loads, `phone` is 390 px. */
export type Case = {
  name: string;
  timeoutMs?: number;
  fakeClock?: boolean;
  phone?: boolean;
  run(context: CaseContext): Promise<void>;
};

const DESKTOP = { width: 1280, height: 820 };
const PHONE = { width: 390, height: 844 };

/** Records the id of every question a dock shows, from the first paint on (see the LangGraph suite). */
const RECORD_SHOWN_QUESTIONS = `(() => {
  const shown = [];
  window.__shownQuestionIds = shown;
  new MutationObserver(() => {
    for (const element of document.querySelectorAll(".ask-dock [data-question-id], .ask-bar")) {
      if (element.closest(".ask-warm-up") !== null) continue;
      const id = element.dataset.questionId ?? "(bar)";
      if (!shown.includes(id)) shown.push(id);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** Builds the context of one case in a fresh browser context (its own storage). */
export async function createCaseContext(
  browser: Browser,
  server: AgUiPageServer,
  test: Case,
): Promise<CaseContext> {
  const context = await browser.newContext({
    viewport: test.phone === true ? PHONE : DESKTOP,
    reducedMotion: "reduce",
    locale: "en-US",
    timezoneId: "UTC",
  });
  const errorLog = createPageErrorLog();
  let serverDown = 0;
  const watch = async (page: Page): Promise<Page> => {
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    if (test.fakeClock === true) await page.clock.install();
    await page.addInitScript({ content: RECORD_SHOWN_QUESTIONS });
    page.on("pageerror", (error) => errorLog.uncaught(error.message));
    page.on("console", (message) => {
      // `@ag-ui/client` logs every failed run itself; while the server is down that is expected.
      if (serverDown > 0 && message.text().startsWith("Agent execution failed:")) return;
      errorLog.console({ type: message.type(), text: message.text(), url: message.location().url });
    });
    return page;
  };
  const runs: RunInput[] = [];
  const copilotKitRuns = `${server.copilotKitUrl}api/copilotkit/agent/`;
  const isRun = (url: string) =>
    url.startsWith(server.runtime.baseUrl) ||
    (url.startsWith(copilotKitRuns) && new URL(url).pathname.endsWith("/run"));
  context.on("request", (request) => {
    if (request.method() !== "POST" || !isRun(request.url())) return;
    try {
      runs.push(JSON.parse(request.postData() ?? "null") as RunInput);
    } catch {
      // Not a run's JSON body: not one the cases read.
    }
  });
  const page = await watch(await context.newPage());
  const rendered = (tab: Page) => shows(tab.getByRole("heading", { name: "AG-UI chat" }));
  const threadId = async (tab: Page = page): Promise<string> =>
    String(await tab.locator("main").getAttribute("data-thread-id"));
  return {
    page,
    context,
    runtime: server.runtime,
    langgraphUrl: server.langgraphUrl,
    pageErrors: errorLog.errors,
    openPage: async (agentId, options = {}) => {
      const url = new URL(server.url);
      url.searchParams.set("agent", options.agentUrl ?? server.runtime.runUrl(agentId));
      if (options.thread !== undefined) url.searchParams.set("thread", options.thread);
      await page.goto(url.href);
      await rendered(page);
    },
    openCopilotKitPage: async (agentId) => {
      await context.addCookies([
        { name: PAGE_AGENT_COOKIE, value: agentId, url: server.copilotKitUrl },
      ]);
      await page.goto(server.copilotKitUrl);
      await shows(page.getByRole("heading", { name: "CopilotKit chat" }));
      await shows(page.locator('[data-runtime="connected"]'));
    },
    reloadPage: async () => {
      await page.reload();
      await rendered(page);
    },
    openSecondTab: async () => {
      const second = await watch(await context.newPage());
      await second.goto(page.url());
      await rendered(second);
      return second;
    },
    send: async (text, tab = page) => {
      await composerInput(tab).fill(text);
      await tab.getByRole("button", { name: "Send", exact: true }).click();
    },
    threadId,
    shownQuestionIds: (tab = page) =>
      tab.evaluate(() => [
        ...(window as unknown as { __shownQuestionIds: string[] }).__shownQuestionIds,
      ]),
    runInputs: () => [...runs],
    whileServerDown: async (url, during) => {
      serverDown += 1;
      try {
        return await errorLog.expectFailedResource(url, during);
      } finally {
        serverDown -= 1;
      }
    },
    expectDockAccessible: async (state) => {
      await shows(dock(page));
      await expectNoAxeViolations(page, state, 'section.ask-dock[data-state="expanded"]');
    },
  };
}
