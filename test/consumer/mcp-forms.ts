import { join } from "node:path";
import type { Browser } from "playwright-core";
import { createFormsServer } from "../../scripts/mcp/forms-server";
import { expectThat, UI_TIMEOUT_MS, visible } from "./answer-in-browser";
import { serveStatic } from "./static-server";

/**
 * In the built app at `app`: serves the README's MCP forms example (dist/mcp.html) beside a real
 * MCP forms server at /mcp. In Chromium it calls the sign-up tool, sees its 12-field form in the
 * dock, skips it, and checks the server received `decline`. Resolves with a line describing it.
 */
export async function formsInBrowser(app: string, browser: Browser): Promise<string> {
  const forms = createFormsServer("/mcp");
  const server = await serveStatic(join(app, "dist"), forms.middleware);
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  try {
    await page.goto(`${server.url}mcp.html`);
    await page.getByRole("button", { name: "Sign up" }).click();
    const dock = page.locator('section.ask-dock[data-state="expanded"]');
    await visible(dock.getByText("Question 1 of 12"));
    await dock.getByRole("button", { name: "Skip all" }).click();
    await dock.getByRole("button", { name: "Yes, skip" }).click();
    await dock.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
    await visible(page.getByRole("status").getByText(/decline/));
    const outcome = JSON.stringify(forms.outcomes);
    expectThat(
      outcome === JSON.stringify([{ tool: "sign_up", result: { action: "decline" } }]),
      `the server received ${outcome}`,
    );
    expectThat(problems.length === 0, problems.join("\n"));
    return "the server received decline for the skipped 12-field form";
  } catch (error) {
    const text = await page
      .locator("body")
      .textContent({ timeout: 1_000 })
      .catch(() => "(unreadable)");
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\nthe page reads:\n${text}\n${problems.join("\n")}`);
  } finally {
    await context.close();
    await server.close();
    await forms.close();
  }
}

/**
 * The same page when its MCP server refuses the page (403, as the SDK's Host check answers a
 * foreign host): the page says it cannot reach the server, with no unhandled rejection.
 */
export async function unreachableInBrowser(app: string, browser: Browser): Promise<string> {
  const server = await serveStatic(join(app, "dist"), (request, response, next) => {
    if (request.url?.split("?")[0] !== "/mcp") return next();
    response.writeHead(403, { "content-type": "text/plain" }).end("Invalid Host header");
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  try {
    await page.goto(`${server.url}mcp.html`);
    const alert = page.getByRole("alert");
    await visible(alert.getByText(/Can't reach the MCP server/));
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForTimeout(300);
    expectThat(problems.length === 0, problems.join("\n"));
    return `the page says: ${(await alert.textContent())?.slice(0, 80) ?? ""}`;
  } finally {
    await context.close();
    await server.close();
  }
}
