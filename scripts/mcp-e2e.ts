// `npm run test:mcp`: the MCP elicitation adapter in Chromium. A production build of a page with
// an MCP client (Streamable HTTP) and the kit's dock, a real MCP server whose tools elicit forms,
// and one case per behaviour, each checked down to what the server receives. Prints
// "N passed, N failed".
import type { Browser } from "playwright-core";
import { CASES } from "../test/mcp-e2e/cases";
import { createCaseContext } from "../test/mcp-e2e/harness";
import { startMcpServer } from "../test/mcp-e2e/server";
import { launchChromium } from "../test/support/chromium";

const DEFAULT_CASE_TIMEOUT_MS = 60_000;

const only = process.env.MCP_CASES?.split(",").map((name) => name.trim().toLowerCase());
const cases = only
  ? CASES.filter((test) => only.some((part) => test.name.toLowerCase().includes(part)))
  : CASES;

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

const started = Date.now();
let passed = 0;
let failed = 0;
console.log("Building the MCP test page (production)...");
const server = await startMcpServer();
// The production build: no Vite client, and the kit's stylesheet kept.
const html = await (await fetch(server.url)).text();
const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)];
const css = await Promise.all(
  sheets.map(async ([, href]) => (await fetch(new URL(href ?? "", server.url))).text()),
);
if (html.includes("@vite/client") || !css.some((text) => text.includes(".ask-dock"))) {
  await server.close();
  throw new Error("the test page is not a production build with the kit's stylesheet");
}
console.log(`  page ${server.url} built in ${seconds(Date.now() - started)}\n`);
// Started inside the try: a browser that fails to launch must still close the server.
let browser: Browser | undefined;
try {
  browser = await launchChromium();
  for (const test of cases) {
    const caseStarted = Date.now();
    const context = await createCaseContext(browser, server);
    try {
      await withTimeout(test.run(context), test.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS, test.name);
      // A case that works but throws or logs errors in the page is not a pass.
      if (context.pageErrors.length > 0) {
        throw new Error(`the page reported errors:\n${context.pageErrors.join("\n")}`);
      }
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
