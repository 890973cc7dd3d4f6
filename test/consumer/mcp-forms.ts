import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createFormsServer } from "../../scripts/mcp/forms-server";
import { expectThat, UI_TIMEOUT_MS, visible } from "./answer-in-browser";
import { type Running, start } from "./processes";
import { serveStatic } from "./static-server";

/** The README example's page in dist/; not mcp.html, which the README's "/mcp" proxy key takes. */
const PAGE = "forms.html";
/** The MCP server the README's vite.config.ts proxies to, replaced by the test's own. */
const README_TARGET = '"http://127.0.0.1:3001"';
const CHANGE_ORIGIN = ", changeOrigin: true";

/** The README's vite.config.ts with `from` replaced by `to`; throws unless it holds `from` once. */
function rewritten(config: string, from: string, to: string): string {
  const parts = config.split(from);
  if (parts.length !== 2)
    throw new Error(
      `the README's vite.config.ts holds ${from} ${parts.length - 1} times, not once`,
    );
  return parts.join(to);
}

/** A port free on 127.0.0.1 at the time of asking. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `vite preview` of the app's dist/ with `config` on 127.0.0.1:`port`. */
function preview(app: string, env: NodeJS.ProcessEnv, config: string, port: number): Running {
  const vite = join(app, "node_modules", ".bin", "vite");
  const args = ["preview", "--config", config, "--host", "127.0.0.1", "--port", String(port)];
  return start(vite, [...args, "--strictPort"], { cwd: app, env });
}

/** Resolves once `server` says it listens on 127.0.0.1:`port`. */
const listening = (server: Running, port: number) =>
  server.waitFor(new RegExp(`Local:\\s+http://127\\.0\\.0\\.1:${port}/`));

/** An MCP `initialize` POSTed to `url`: the answer's status and body. */
async function initialize(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "probe", version: "1.0.0" },
      },
    }),
  });
  return { status: response.status, body: await response.text() };
}

/**
 * In the built app at `app`: `vite preview` with the README's vite.config.ts (`readmeConfig`) as
 * written, its target set to a real MCP forms server the test starts, which accepts only its own
 * `Host` (`127.0.0.1:<port>`, the SDK transport's DNS rebinding protection) and the preview's
 * origin. In Chromium the README's MCP forms example (dist/forms.html) calls the sign-up tool
 * through the preview's /mcp proxy, sees its 12-field form in the dock, skips it, and the server
 * receives `decline`. The same config without `changeOrigin` gets 403 "Invalid Host header" from
 * the same server. vite runs on the Node that `env`'s PATH names. Resolves with a line describing
 * it; throws with the evidence otherwise.
 */
export async function proxiedFormsInBrowser(
  app: string,
  browser: Browser,
  env: NodeJS.ProcessEnv,
  readmeConfig: string,
): Promise<string> {
  const [mcpPort, proxyPort, directPort] = [await freePort(), await freePort(), await freePort()];
  const proxied = rewritten(readmeConfig, README_TARGET, `"http://127.0.0.1:${mcpPort}"`);
  writeFileSync(join(app, "vite.proxy.config.ts"), proxied);
  writeFileSync(join(app, "vite.direct.config.ts"), rewritten(proxied, CHANGE_ORIGIN, ""));
  const forms = createFormsServer("/mcp", {
    allowedHosts: [`127.0.0.1:${mcpPort}`],
    allowedOrigins: [`http://127.0.0.1:${proxyPort}`],
  });
  const mcp = createServer((request, response) =>
    forms.middleware(request, response, () => response.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => mcp.listen(mcpPort, "127.0.0.1", resolve));
  const withProxy = preview(app, env, "vite.proxy.config.ts", proxyPort);
  const direct = preview(app, env, "vite.direct.config.ts", directPort);
  const context = await browser.newContext();
  try {
    await Promise.all([listening(withProxy, proxyPort), listening(direct, directPort)]);
    const page = await context.newPage();
    const skipped = await skipSignUp(page, `http://127.0.0.1:${proxyPort}/${PAGE}`, forms);
    const refused = await initialize(`http://127.0.0.1:${directPort}/mcp`);
    const expected = `Invalid Host header: 127.0.0.1:${directPort}`;
    expectThat(
      refused.status === 403 && refused.body.includes(expected),
      `without changeOrigin the server answered ${refused.status} ${refused.body}`,
    );
    return `through vite preview's /mcp proxy ${skipped}; without changeOrigin: 403 ${expected}`;
  } finally {
    await context.close();
    await Promise.all([withProxy.stop(), direct.stop()]);
    await forms.close();
    mcp.closeAllConnections();
    await new Promise((resolve) => mcp.close(resolve));
  }
}

/**
 * On the README example's page at `url`: calls the sign-up tool, sees its 12-field form in the
 * dock, skips it, and checks `forms` received `decline`. Resolves with a line describing it.
 */
async function skipSignUp(
  page: Page,
  url: string,
  forms: ReturnType<typeof createFormsServer>,
): Promise<string> {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  try {
    await page.goto(url);
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
    await page.goto(`${server.url}${PAGE}`);
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
