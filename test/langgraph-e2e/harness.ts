// What each case of `npm run test:langgraph` gets: a fresh browser context on the test page (a
// `useStream` chat against the local LangGraph server), and the server's own view of a thread
// through the LangGraph SDK client, so every case checks what the agent's state holds.
import { Client } from "@langchain/langgraph-sdk";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectNoAxeViolations } from "../e2e/axe-check";
import { createPageErrorLog } from "../e2e/page-errors";
import { composerInput, dock, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { LangGraphPageServer } from "./server";

/** The graphs of the local server (scripts/langgraph/agents.ts). */
export type Assistant = "review" | "ask" | "form";

/** A message of a thread's state, as the server stores it. */
export type StateMessage = {
  id?: string;
  type: string;
  content: unknown;
  name?: string;
  status?: string;
  tool_call_id?: string;
  tool_calls?: Array<{ id?: string; name: string; args: Record<string, unknown> }>;
};

/** A thread as the server sees it once no run is in flight. */
export type ThreadView = {
  status: string;
  messages: StateMessage[];
  values: Record<string, unknown>;
  /** The interrupts pending at the thread's tasks. */
  interrupts: Array<{ id?: string; value?: unknown }>;
};

/** Everything one case needs. */
export type CaseContext = {
  page: Page;
  context: BrowserContext;
  client: Client;
  /** Opens the chat on `assistant` (and on `thread`, when given), against `apiUrl` if given. */
  openPage(assistant: Assistant, thread?: string, apiUrl?: string): Promise<void>;
  /** Reloads the page (its URL holds the thread) and waits for the chat to render again. */
  reloadPage(): Promise<void>;
  /** Opens the page's URL in a second tab of the same browser, its errors logged too. */
  openSecondTab(): Promise<Page>;
  /** Types `text` in the composer, sends it, and returns the thread's id once the page has one. */
  send(text: string): Promise<string>;
  /**
   * Polls the server until the thread has no run in flight and `until` holds (interrupted, idle,
   * or error), and returns its state; throws with the last state seen otherwise.
   */
  thread(
    threadId: string,
    until: (view: ThreadView) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<ThreadView>;
  /** Question ids a dock of `tab` (the first tab by default) showed since it loaded, in order. */
  shownQuestionIds(tab?: Page): Promise<string[]>;
  /** Runs `during` with the browser's refused requests to `apiUrl` not counted as page errors. */
  whileServerDown<T>(apiUrl: string, during: () => Promise<T>): Promise<T>;
  /** Runs axe-core on the dock alone (the host page's markup is not the kit's). */
  expectDockAccessible(state: string): Promise<void>;
  /** Uncaught exceptions and console errors of every tab, in order. */
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
 * must never show (a refused call) could flash by between two polls. A string, not a function:
 * tsx would wrap a function's inner helpers in its own `__name`, which the page does not have.
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
const POLL_MS = 100;

/**
 * `useStream` names a new thread in the page (a UUIDv7) before its first run reaches the server,
 * which creates the thread then: until that run is in, the server answers 404 for it.
 */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

function threadView(
  thread: { status: string },
  state: { values: unknown; tasks?: Array<{ interrupts?: unknown[] }> },
): ThreadView {
  const values = (state.values ?? {}) as Record<string, unknown>;
  const messages = Array.isArray(values.messages) ? (values.messages as StateMessage[]) : [];
  const interrupts = (state.tasks ?? []).flatMap(
    (task) => (task.interrupts ?? []) as ThreadView["interrupts"],
  );
  return { status: thread.status, messages, values, interrupts };
}

/** Builds the context of one case in a fresh browser context (its own sessionStorage). */
export async function createCaseContext(
  browser: Browser,
  server: LangGraphPageServer,
  setup: { fakeClock: boolean },
): Promise<CaseContext> {
  const client = new Client({ apiUrl: server.apiUrl });
  const context = await browser.newContext({
    viewport: VIEWPORT,
    reducedMotion: "reduce",
    locale: "en-US",
    timezoneId: "UTC",
  });
  const errorLog = createPageErrorLog();
  const watch = async (page: Page): Promise<Page> => {
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    if (setup.fakeClock) await page.clock.install();
    await page.addInitScript({ content: RECORD_SHOWN_QUESTIONS });
    page.on("pageerror", (error) => errorLog.uncaught(error.message));
    page.on("console", (message) =>
      errorLog.console({ type: message.type(), text: message.text(), url: message.location().url }),
    );
    return page;
  };
  const page = await watch(await context.newPage());
  const rendered = (tab: Page) => shows(tab.getByRole("heading", { name: "LangGraph chat" }));
  const threadIdOf = async (tab: Page): Promise<string> => {
    const handle = await tab.waitForFunction(
      () => document.querySelector("main")?.dataset.threadId || null,
      null,
      { timeout: UI_TIMEOUT_MS },
    );
    return String(await handle.jsonValue());
  };
  return {
    page,
    context,
    client,
    pageErrors: errorLog.errors,
    openPage: async (assistant, thread, apiUrl = server.apiUrl) => {
      const url = new URL(server.url);
      url.searchParams.set("api", apiUrl);
      url.searchParams.set("assistant", assistant);
      if (thread !== undefined) url.searchParams.set("thread", thread);
      await page.goto(url.href);
      await rendered(page);
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
    send: async (text) => {
      await composerInput(page).fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      return threadIdOf(page);
    },
    thread: async (threadId, until, what, timeoutMs = UI_TIMEOUT_MS) => {
      const deadline = Date.now() + timeoutMs;
      let last: ThreadView | undefined;
      for (;;) {
        const found = await Promise.all([
          client.threads.get(threadId),
          client.threads.getState(threadId),
        ]).catch((error: unknown) => {
          if (statusOf(error) === 404) return undefined;
          throw error;
        });
        if (found !== undefined) {
          last = threadView(...found);
          if (last.status !== "busy" && until(last)) return last;
        }
        if (Date.now() > deadline)
          throw new Error(
            last === undefined
              ? `${what}: the server never knew thread ${threadId} (HTTP 404)`
              : `${what}: the thread is ${last.status} with messages\n${JSON.stringify(last.messages, null, 1).slice(0, 6_000)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    whileServerDown: (apiUrl, during) => errorLog.expectFailedResource(apiUrl, during),
    shownQuestionIds: (tab = page) =>
      tab.evaluate(() => [
        ...(window as unknown as { __shownQuestionIds: string[] }).__shownQuestionIds,
      ]),
    expectDockAccessible: async (state) => {
      await shows(dock(page));
      await expectNoAxeViolations(page, state, 'section.ask-dock[data-state="expanded"]');
    },
  };
}
