// Runs the cases of a Chromium suite against a page server: a production build checked first,
// one browser context per case, a ✓/✗ line each, and "N passed, N failed" with the exit code.
import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium } from "../support/chromium";

const DEFAULT_CASE_TIMEOUT_MS = 60_000;

/** What the runner needs of a case: a name, its run, and how long it may take. */
export type SuiteCase<Context> = {
  name: string;
  timeoutMs?: number;
  run(context: Context): Promise<void>;
};

/** A case's context: its browser context (closed after the case) and the page's errors. */
export type CaseContextBase = { context: BrowserContext; pageErrors: string[] };

/** One suite: its page server, its cases, and how each case gets its context. */
export type Suite<Server extends { url: string; close(): Promise<void> }, Context, Case> = {
  title: string;
  /** Environment variable naming the cases to run (comma-separated parts of their names). */
  filterVariable: string;
  start(): Promise<Server>;
  cases: readonly Case[];
  contextFor(browser: Browser, server: Server, test: Case): Promise<Context>;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const withTimeout = <T>(promise: Promise<T>, ms: number, label: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** The production build: no Vite client, and the kit's stylesheet kept. */
async function checkProductionBuild(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)];
  const css = await Promise.all(
    sheets.map(async ([, href]) => (await fetch(new URL(href ?? "", url))).text()),
  );
  if (html.includes("@vite/client") || !css.some((text) => text.includes(".ask-dock")))
    throw new Error("the test page is not a production build with the kit's stylesheet");
}

/** Runs the suite and exits: 0 when every case passed, 1 otherwise. */
export async function runSuite<
  Server extends { url: string; close(): Promise<void> },
  Context extends CaseContextBase,
  Case extends SuiteCase<Context>,
>(suite: Suite<Server, Context, Case>): Promise<never> {
  const only = process.env[suite.filterVariable]
    ?.split(",")
    .map((name) => name.trim().toLowerCase());
  const cases = only
    ? suite.cases.filter((test) => only.some((part) => test.name.toLowerCase().includes(part)))
    : suite.cases;
  const started = Date.now();
  let passed = 0;
  let failed = 0;
  console.log(`Building the ${suite.title} test page (production)...`);
  const server = await suite.start();
  // Started inside the try: a browser that fails to launch must still close the server.
  let browser: Browser | undefined;
  try {
    await checkProductionBuild(server.url);
    console.log(`  page ${server.url} built in ${seconds(Date.now() - started)}\n`);
    browser = await launchChromium();
    for (const test of cases) {
      const caseStarted = Date.now();
      const context = await suite.contextFor(browser, server, test);
      try {
        await withTimeout(test.run(context), test.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS, test.name);
        // A case that works but throws or logs errors in the page is not a pass.
        if (context.pageErrors.length > 0)
          throw new Error(`the page reported errors:\n${context.pageErrors.join("\n")}`);
        passed += 1;
        console.log(`  ✓ ${test.name} (${seconds(Date.now() - caseStarted)})`);
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.log(
          `  ✗ ${test.name} (${seconds(Date.now() - caseStarted)})\n${message.replace(/^/gm, "      ")}`,
        );
      } finally {
        await context.context.close().catch(() => undefined);
      }
    }
  } finally {
    await browser?.close();
    await server.close();
  }
  console.log(`\n${passed} passed, ${failed} failed (${seconds(Date.now() - started)})`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
