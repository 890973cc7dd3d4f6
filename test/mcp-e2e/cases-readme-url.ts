// The README's MCP page as written: its forms example, URL control and OAuth provider
// (`mcp-forms.tsx`, `mcp-url.tsx`, `mcp-oauth.ts`) on the page the README composes, built and
// served by `vite preview` with the README's own vite.config.ts (its /mcp proxy), in front of the
// MCP SDK's `elicitationUrlExample` server with its demo OAuth. Only the proxy's target and the
// server's URL are set to the ports the test chose; `ask-user-kit/*` is read from src/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { build, type PreviewServer, preview } from "vite";
import { freeLoopbackPort } from "../../scripts/demo/free-port";
import { expectThat, hides, shows } from "../e2e/page-helpers";
import { type Case, leave } from "./harness";
import { startSdkUrlExample } from "./sdk-examples";

const ROOT = resolve(import.meta.dirname, "../..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
/** Where the README's vite.config.ts proxies /mcp, and the server behind it as it names itself. */
const README_TARGET = '"http://127.0.0.1:3001"';
const README_SERVER = '"http://localhost:3001/mcp"';
/** The phone width the page must fit. */
const PHONE = { width: 390, height: 844 };

/** The README block (maybe indented in a list item) whose first line is `// <file>`, unindented. */
function readmeBlock(file: string): string {
  const blocks = [...README.matchAll(/^( *)```tsx?\n(\1\/\/ ([\w.-]+)\n[\s\S]*?)^\1```$/gm)];
  const found = blocks.filter((match) => match[3] === file);
  if (found.length !== 1) throw new Error(`README has ${found.length} blocks named ${file}`);
  const [, indent = "", text = ""] = found[0] ?? [];
  return text
    .split("\n")
    .map((line) => line.slice(indent.length))
    .join("\n");
}

/** `text` with `from` replaced by `to`; throws unless it holds `from` once. */
function replacedOnce(text: string, from: string, to: string, file: string): string {
  const parts = text.split(from);
  if (parts.length !== 2)
    throw new Error(`the README's ${file} holds ${from} ${parts.length - 1} times, not once`);
  return parts.join(to);
}

/** The README's page, saved as a host saves it, with `mcpPort` as its server's port. */
function saveApp(mcpPort: number): string {
  const app = mkdtempSync(join(tmpdir(), "ask-user-kit-readme-mcp-"));
  symlinkSync(join(ROOT, "node_modules"), join(app, "node_modules"), "dir");
  mkdirSync(join(app, "src"));
  writeFileSync(join(app, "package.json"), '{ "private": true, "type": "module" }\n');
  const forms = readmeBlock("mcp-forms.tsx");
  const server = JSON.stringify(`http://localhost:${mcpPort}/mcp`);
  writeFileSync(
    join(app, "src", "mcp-forms.tsx"),
    replacedOnce(forms, README_SERVER, server, "mcp-forms.tsx"),
  );
  for (const file of ["mcp-url.tsx", "mcp-oauth.ts"])
    writeFileSync(join(app, "src", file), readmeBlock(file));
  const page = /on the page `(<Forms>[^`]*<\/Forms>)`/.exec(README)?.[1];
  if (page === undefined) throw new Error("the README names no page of <Forms>");
  writeFileSync(
    join(app, "src", "main.tsx"),
    [
      'import { createRoot } from "react-dom/client";',
      'import { Forms } from "./mcp-forms";',
      'import { ConfirmPayment } from "./mcp-url";',
      `createRoot(document.getElementById("root") as HTMLElement).render(${page});`,
    ].join("\n"),
  );
  writeFileSync(
    join(app, "index.html"),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>MCP</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  const config = readmeBlock("vite.config.ts");
  const target = JSON.stringify(`http://127.0.0.1:${mcpPort}`);
  writeFileSync(
    join(app, "vite.config.ts"),
    replacedOnce(config, README_TARGET, target, "vite.config.ts"),
  );
  return app;
}

/** What the README's config is given on top: the kit from src/, quiet, on `port`. */
function inline(app: string, port: number) {
  return {
    root: app,
    configFile: join(app, "vite.config.ts"),
    logLevel: "warn" as const,
    resolve: {
      alias: {
        "ask-user-kit/composer": join(ROOT, "src/composer.ts"),
        "ask-user-kit/mcp": join(ROOT, "src/mcp/index.ts"),
        "ask-user-kit/style.css": join(ROOT, "src/react/styles.css"),
      },
    },
    preview: { host: "127.0.0.1", port, strictPort: true },
  };
}

/** The page's width beyond the phone's: 0 when nothing overflows it sideways. */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function fits(page: Page, state: string): Promise<void> {
  const extra = await overflow(page);
  expectThat(extra <= 0, `at ${PHONE.width} px the page overflows by ${extra} px (${state})`);
}

// At 390 px the question shows as the stacked card, not the expanded dock.
const urlStep = (page: Page): Locator => page.locator('fieldset[data-kind="url"]');

const readmePage: Case = {
  name: "the README's MCP page as written (forms example, URL control, OAuth provider, vite.config.ts proxy) signs in to the SDK's elicitationUrlExample through the proxy, shows its payment URL, and fits 390 px",
  timeoutMs: 180_000,
  run: async (context) => {
    const example = await startSdkUrlExample();
    const mcpPort = Number(new URL(example.mcpUrl).port);
    const app = saveApp(mcpPort);
    let server: PreviewServer | null = null;
    const tab = await context.context.newPage();
    try {
      const port = await freeLoopbackPort();
      await build({ ...inline(app, port), build: { outDir: join(app, "dist") } });
      server = await preview(inline(app, port));
      const pageUrl = `http://127.0.0.1:${port}/`;
      await tab.setViewportSize(PHONE);
      const mcpRequests: string[] = [];
      tab.on("request", (request) => {
        if (request.url().includes("/mcp")) mcpRequests.push(request.url());
      });
      // First visit: a 401 through the proxy, the trip to the example's authorization server
      // (its demo approves at once), and back with a code.
      const token = tab.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/token" && response.request().method() === "POST",
        { timeout: 30_000 },
      );
      await tab.goto(pageUrl);
      const tokenStatus = (await token).status();
      expectThat(tokenStatus === 200, `the code was traded for tokens: ${tokenStatus}`);
      const pay = tab.getByRole("button", { name: "Pay", exact: true });
      await shows(pay);
      await fits(tab, "signed in");
      await pay.click();
      await shows(
        tab.getByRole("status").getByText("Confirm the payment at the link below, then pay again."),
      );
      const message =
        "This tool requires a payment confirmation. Open the link to confirm payment!";
      await shows(urlStep(tab).getByText(message));
      const host = `localhost:${mcpPort}`;
      const shown = (await urlStep(tab).locator(".ask-url__host").textContent()) ?? "";
      expectThat(shown === host, `the step names ${shown}, not ${host}`);
      await fits(tab, "the payment URL in the dock");
      const [confirm] = await Promise.all([
        context.context.waitForEvent("page"),
        tab.getByRole("button", { name: "Open", exact: true }).click(),
      ]);
      await shows(urlStep(tab).getByText(`Waiting for ${host} to finish…`, { exact: true }));
      await fits(tab, "waiting for the payment");
      await confirm.getByRole("button", { name: "Confirm Payment" }).click();
      await confirm.getByText("Payment Confirmed").first().waitFor();
      await confirm.close();
      await hides(urlStep(tab));
      const summary = tab.locator('.ask-summary[data-status="answered"]');
      await shows(summary.getByText("Finished"));
      const said = (await summary.textContent()) ?? "";
      expectThat(
        said.includes(`You opened “${host}” and finished there.`),
        `the summary says: ${said}`,
      );
      await fits(tab, "the summary");
      // A tool's result as the forms example shows it, e.g. a sign-up's JSON: no space to wrap at.
      await tab.evaluate(
        (text) => {
          // The forms example's second status line (after the refusal's) is the tool's result.
          const [, result] = document.querySelectorAll('p[role="status"]');
          if (result !== undefined) result.textContent = text;
        },
        JSON.stringify({ action: "accept", content: { email: `${"a".repeat(120)}@example.com` } }),
      );
      await fits(tab, "a result line of unbroken JSON");
      // Every MCP request of the page went through its own origin's /mcp.
      const elsewhere = mcpRequests.filter(
        (url) => new URL(url).pathname === "/mcp" && !url.startsWith(pageUrl),
      );
      expectThat(elsewhere.length === 0, `MCP requests past the proxy: ${elsewhere.join(", ")}`);
    } catch (error) {
      const text = await tab
        .locator("body")
        .textContent({ timeout: 1_000 })
        .catch(() => "(unreadable)");
      throw new Error(
        `${String(error)}\n--- the page reads ---\n${text}\n--- example server log ---\n${example.log().slice(-3000)}`,
      );
    } finally {
      await leave(tab);
      await tab.close();
      await server?.close();
      await example.close();
      rmSync(app, { recursive: true, force: true });
    }
  },
};

export const README_URL_CASES: Case[] = [readmePage];
