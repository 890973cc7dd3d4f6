// What each case of `npm run test:mcp` gets: a fresh browser context on the test page, a fresh
// MCP forms server, and helpers to read what that server received from the page's client.
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { FormOutcome } from "../../scripts/mcp/forms-server";
import { expectNoAxeViolations } from "../e2e/axe-check";
import { createPageErrorLog } from "../e2e/page-errors";
import { dock, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { McpPageServer } from "./server";

/** The tools of the forms server, each a button of the page. */
export type FormTool =
  | "sign_up"
  | "confirm_release"
  | "nested_form"
  | "odd_names"
  | "long_form"
  | "quick_cancel"
  | "ship_boxes";

/** Everything one case needs. */
export type CaseContext = {
  page: Page;
  context: BrowserContext;
  /** Opens the page (with `query`, e.g. `?timeout=3000`) and waits for its MCP client to connect. */
  openPage(query?: string): Promise<void>;
  /** Reloads the page and waits for its MCP client to connect again. */
  reloadPage(): Promise<void>;
  /** Presses the page's button that calls `tool` on the server. */
  callTool(tool: FormTool): Promise<void>;
  /** What the forms server received so far, in order. */
  outcomes(): readonly FormOutcome[];
  /** The elicitation results as JSON text off the wire, before the server's SDK parsed them. */
  wire(): readonly string[];
  /** Waits for the server's outcome number `index` (0-based) and returns it. */
  outcomeAt(index: number): Promise<FormOutcome>;
  /** Runs axe-core on the dock alone (the host page's markup is not the kit's). */
  expectDockAccessible(state: string): Promise<void>;
  /** Uncaught exceptions and console errors of the page, in order. */
  readonly pageErrors: string[];
  /** Tolerates the browser's report of a cut network for resources whose URL has `urlPart`. */
  expectFailedResource<T>(urlPart: string, during: () => Promise<T>): Promise<T>;
};

/** Leaves the page, so its open streams end before the server they go to stops. */
export const leave = (page: Page): Promise<void> =>
  page.goto("about:blank").then(
    () => undefined,
    () => undefined,
  );

/** One case. */
export type Case = {
  name: string;
  timeoutMs?: number;
  run(context: CaseContext): Promise<void>;
};

const VIEWPORT = { width: 1280, height: 820 };

/** Polls until `read` returns a value, or throws `what` after the UI timeout. */
export async function eventually<T>(
  read: () => T | undefined,
  what: () => string,
  timeoutMs = UI_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
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
  server: McpPageServer,
): Promise<CaseContext> {
  await server.resetForms();
  const context = await browser.newContext({
    viewport: VIEWPORT,
    reducedMotion: "reduce",
    locale: "en-US",
    timezoneId: "UTC",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  const errorLog = createPageErrorLog();
  page.on("pageerror", (error) => errorLog.uncaught(error.message));
  page.on("console", (message) =>
    errorLog.console({ type: message.type(), text: message.text(), url: message.location().url }),
  );
  const connected = () =>
    page.waitForFunction(() => document.body.dataset.mcp === "connected", null, {
      timeout: UI_TIMEOUT_MS,
    });
  return {
    page,
    context,
    pageErrors: errorLog.errors,
    expectFailedResource: (urlPart, during) => errorLog.expectFailedResource(urlPart, during),
    openPage: async (query = "") => {
      await page.goto(new URL(query, server.url).href);
      await connected();
    },
    reloadPage: async () => {
      await page.reload();
      await connected();
    },
    callTool: async (tool) => {
      await page.getByRole("button", { name: tool, exact: true }).click();
    },
    outcomes: () => [...server.outcomes],
    wire: () => [...server.wire],
    outcomeAt: (index) =>
      eventually(
        () => server.outcomes[index],
        () =>
          `the server never received outcome #${index + 1} (it has ${server.outcomes.length}: ${JSON.stringify(server.outcomes)})`,
      ),
    expectDockAccessible: async (state) => {
      await shows(dock(page));
      await expectNoAxeViolations(page, state, 'section.ask-dock[data-state="expanded"]');
    },
  };
}
