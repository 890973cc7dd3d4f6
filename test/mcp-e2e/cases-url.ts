// The URL elicitation cases of `npm run test:mcp`: the page whose MCP client takes URL
// elicitations (`page/url.tsx`), against the MCP SDK's own URL example server (with its demo
// OAuth flow) and against the test's URL server (the SDK's McpServer sending on the tool call's
// stream and on the standalone GET stream, and URLs the kit must refuse). Every window.open of
// the page is logged with whether a user activation was live, so "opened by click only" is seen.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import { toolResult } from "./dock-locators";
import { type Case, type CaseContext, eventually, leave } from "./harness";
import { startSdkUrlExample } from "./sdk-examples";
import { REFUSED_URLS, startUrlMcpServer } from "./url-server";

/** Long enough for something that must not happen (a tab, an answer) to have had its chance. */
const SETTLE_MS = 1_000;

type OpenCall = { url: string; target: string; features: string; activated: boolean };

// Wraps the page's window.open before any of its scripts run: the kit's call is logged, then
// made, so the new tab really opens.
const LOG_WINDOW_OPEN = `(() => {
  const calls = [];
  Object.defineProperty(window, "__opens", { value: calls });
  const open = window.open.bind(window);
  window.open = (url, target, features) => {
    calls.push({ url: String(url), target: String(target), features: String(features), activated: navigator.userActivation.isActive });
    return open(url, target, features);
  };
})();`;

const opens = (page: Page): Promise<OpenCall[]> =>
  page.evaluate(() => (window as unknown as { __opens: OpenCall[] }).__opens);

const urlStep = (page: Page): Locator => dock(page).locator('fieldset[data-kind="url"]');
const button = (page: Page, name: string): Locator =>
  dock(page).getByRole("button", { name, exact: true });
const timeline = (page: Page): Locator => page.getByRole("region", { name: "Timeline" });

/** Opens the URL page and waits for its client (through the OAuth round trip when asked). */
async function openUrlPage(context: CaseContext, query: Record<string, string>): Promise<void> {
  await context.context.addInitScript({ content: LOG_WINDOW_OPEN });
  await context.openPage(`url.html?${new URLSearchParams(query)}`);
}

/** Clicks Open and returns the tab it opened, checked: a new tab with no opener and no referrer. */
async function openInNewTab(page: Page, context: BrowserContext, expectedUrl: string) {
  const before = (await opens(page)).length;
  const [tab] = await Promise.all([context.waitForEvent("page"), button(page, "Open").click()]);
  await tab.waitForLoadState("domcontentloaded");
  const calls = await opens(page);
  expectThat(calls.length === before + 1, `one window.open per click: ${JSON.stringify(calls)}`);
  const call = calls.at(-1);
  expectThat(
    call?.url === expectedUrl &&
      call.target === "_blank" &&
      call.features === "noopener,noreferrer" &&
      call.activated,
    `Open calls window.open(url, "_blank", "noopener,noreferrer") inside the click: ${JSON.stringify(call)}`,
  );
  const seen = await tab.evaluate(() => ({ opener: window.opener, referrer: document.referrer }));
  // Playwright still names the page as the tab's opener (the browser tells it who opened the
  // tab); what the opened site can reach is `window.opener`, which noopener leaves null.
  expectThat(
    seen.opener === null && seen.referrer === "",
    `the new tab has no opener and no referrer: ${JSON.stringify(seen)}`,
  );
  expectThat(tab.url() === expectedUrl, `the tab shows ${expectedUrl}, not ${tab.url()}`);
  return tab;
}

/** Waits for the URL step with `message` and returns the URL it offers; nothing opened meanwhile. */
async function shownUrl(
  page: Page,
  message: string,
  host: string,
  openedBefore = 0,
): Promise<string> {
  await shows(urlStep(page).getByText(message));
  const hostLine = await urlStep(page).locator(".ask-url__host").textContent();
  expectThat(hostLine === host, `the host is set apart: ${hostLine} (expected ${host})`);
  const shown = (await urlStep(page).locator(".ask-url__full").textContent()) ?? "";
  await page.waitForTimeout(SETTLE_MS);
  const calls = await opens(page);
  expectThat(calls.length === openedBefore, `nothing opens on arrival: ${JSON.stringify(calls)}`);
  return shown;
}

/** Leaves the page before its server stops, so no open stream breaks under it (a console error). */
const waitingFor = (page: Page, host: string) =>
  shows(urlStep(page).getByText(`Waiting for ${host} to finish…`, { exact: true }));

/**
 * Lets the SDK's example send the API-key elicitation it holds back. Its GET handler sends it only
 * after `transport.handleRequest` returns, and in SDK 1.32.2 that happens only when the client's
 * standalone stream ends, which never happens while the page is open. A second GET of the same
 * session is refused at once (409, one stream per session), so the handler goes on and the
 * elicitation travels on the page's open GET stream, as the example means it to.
 */
async function nudgeSdkExample(page: Page, mcpUrl: string): Promise<number> {
  const session = await page.evaluate(() => ({
    id: document.body.dataset.mcpSession ?? "",
    protocol: document.body.dataset.mcpProtocol ?? "",
    token: (JSON.parse(sessionStorage.getItem("oauth:tokens") ?? "{}") as { access_token?: string })
      .access_token,
  }));
  const response = await fetch(mcpUrl, {
    headers: {
      accept: "text/event-stream",
      authorization: `Bearer ${session.token ?? ""}`,
      "mcp-session-id": session.id,
      "mcp-protocol-version": session.protocol,
    },
  });
  await response.body?.cancel();
  return response.status;
}

const sdkExampleServer: Case = {
  name: "the SDK's URL example server: its OAuth flow, its API-key URL (a request on the GET stream) and its -32042 payment URL, each shown, opened by click only and completed",
  timeoutMs: 120_000,
  run: async (context) => {
    const { page } = context;
    const example = await startSdkUrlExample();
    try {
      await openUrlPage(context, { mcp: example.mcpUrl, oauth: "1", tools: "payment-confirm" });
      // The first MCP request went out without a token, as a client's first one does.
      const unauthorized = context.pageErrors.findIndex((text) => text.includes("status of 401"));
      if (unauthorized !== -1) context.pageErrors.splice(unauthorized, 1);
      const host = new URL(example.mcpUrl).host;

      // A tool call refused with UrlElicitationRequired (-32042), shown through the source; its
      // completion comes on the GET stream (the example relates it to no request).
      await page.getByRole("button", { name: "payment-confirm", exact: true }).click();
      await shows(toolResult(page, "payment-confirm").getByText("shown in the dock"));
      const paymentUrl = await shownUrl(
        page,
        "This tool requires a payment confirmation. Open the link to confirm payment!",
        host,
      );
      expectThat(
        paymentUrl.startsWith(`http://${host}/confirm-payment?session=`),
        `the example's own URL: ${paymentUrl}`,
      );
      const payTab = await openInNewTab(page, context.context, paymentUrl);
      await waitingFor(page, host);
      // The example's page knows the user from the cookie its OAuth flow set.
      await payTab.getByRole("button", { name: "Confirm Payment" }).click();
      await payTab.getByText("Payment Confirmed").first().waitFor();
      await hides(urlStep(page));
      await shows(
        timeline(page).locator('.ask-summary[data-status="answered"]').getByText("Finished"),
      );
      await payTab.close();

      // Its API-key elicitation: an `elicitation/create` request with no related request, held
      // back by the example until a GET of the session returns (see nudgeSdkExample).
      expectThat(
        !example.log().includes("Requesting API key"),
        "the example sent its API-key elicitation while the GET stream was open",
      );
      const status = await nudgeSdkExample(page, example.mcpUrl);
      expectThat(status === 409, `the second GET is refused (409), got ${status}`);
      const apiKeyUrl = await shownUrl(
        page,
        "Please provide your API key to authenticate with this server",
        host,
        1,
      );
      expectThat(
        apiKeyUrl.startsWith(`http://${host}/api-key-form?session=`),
        `the example's own URL: ${apiKeyUrl}`,
      );
      const keyTab = await openInNewTab(page, context.context, apiKeyUrl);
      await waitingFor(page, host);
      await eventually(
        () =>
          example.log().includes("Client accepted the API key elicitation") ? true : undefined,
        () => "the example never heard accept",
      );
      await keyTab.getByPlaceholder("Enter your API key").fill("sk-test-123");
      await keyTab.getByRole("button", { name: "Submit" }).click();
      await keyTab.getByText("Success").first().waitFor();
      await hides(urlStep(page));
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[aria-label="Timeline"] .ask-summary[data-status="answered"]')
            .length === 2,
        null,
        { timeout: UI_TIMEOUT_MS },
      );
      await keyTab.close();
      const calls = await opens(page);
      expectThat(calls.length === 2, `two tabs, two clicks: ${JSON.stringify(calls)}`);
    } catch (error) {
      throw new Error(
        `${String(error)}\n--- example server log ---\n${example.log().slice(-3000)}`,
      );
    } finally {
      await leave(page);
      await example.close();
    }
  },
};

const bothStreams: Case = {
  name: "URL elicitations on the tool call's stream and on the standalone GET stream: accept on Open, decline on Decline, each completion retires its step",
  run: async (context) => {
    const { page } = context;
    const urls = await startUrlMcpServer();
    try {
      await openUrlPage(context, {
        mcp: urls.mcpUrl,
        tools: "url_related,url_standalone",
      });
      const host = new URL(urls.mcpUrl).host;

      await page.getByRole("button", { name: "url_related", exact: true }).click();
      const related = await shownUrl(page, "Finish signing in (url_related).", host);
      expectThat(urls.outcomes.length === 0, "the server hears nothing before the click");
      const relatedTab = await openInNewTab(page, context.context, related);
      const accepted = await eventually(
        () => urls.outcomes[0],
        () => "the server never heard the answer",
      );
      expectThat(
        JSON.stringify(accepted) ===
          JSON.stringify({ tool: "url_related", result: { action: "accept" } }),
        `accept on Open: ${JSON.stringify(accepted)}`,
      );
      await waitingFor(page, host);
      await context.expectDockAccessible("a URL step waiting after Open");
      await relatedTab.getByRole("button", { name: "Finish" }).click();
      await hides(urlStep(page));
      await shows(toolResult(page, "url_related").getByText('{"action":"accept"}'));
      await relatedTab.close();

      await page.getByRole("button", { name: "url_standalone", exact: true }).click();
      await shows(toolResult(page, "url_standalone").getByText('"asked"'));
      await shownUrl(page, "Finish signing in (url_standalone).", host, 1);
      await button(page, "Decline").click();
      const declined = await eventually(
        () => urls.outcomes[1],
        () => "no decline heard",
      );
      expectThat(
        JSON.stringify(declined) ===
          JSON.stringify({ tool: "url_standalone", result: { action: "decline" } }),
        `decline on Decline: ${JSON.stringify(declined)}`,
      );
      await hides(urlStep(page));

      await page.getByRole("button", { name: "url_standalone", exact: true }).click();
      await shows(urlStep(page));
      const standalone = (await urlStep(page).locator(".ask-url__full").textContent()) ?? "";
      const standaloneTab = await openInNewTab(page, context.context, standalone);
      await standaloneTab.getByRole("button", { name: "Finish" }).click();
      await hides(urlStep(page));
      await standaloneTab.close();
      await eventually(
        () => (urls.completed.length === 2 ? true : undefined),
        () => `two completions sent: ${JSON.stringify(urls.completed)}`,
      );
      const summaries = timeline(page).locator(".ask-summary");
      expectThat((await summaries.count()) === 3, "three summaries: finished, declined, finished");
    } finally {
      await leave(page);
      await urls.close();
    }
  },
};

const refusedUrls: Case = {
  name: "a LAN http: URL and a javascript: URL are declined with a notice, never shown, never opened",
  run: async (context) => {
    const { page } = context;
    const urls = await startUrlMcpServer();
    try {
      await openUrlPage(context, {
        mcp: urls.mcpUrl,
        tools: Object.keys(REFUSED_URLS).join(","),
      });
      for (const [index, tool] of Object.keys(REFUSED_URLS).entries()) {
        await page.getByRole("button", { name: tool, exact: true }).click();
        await shows(
          page
            .locator(".refused-url")
            .filter({ hasText: `Finish signing in (${tool}).` })
            .filter({ hasText: "is not https:" }),
        );
        const outcome = await eventually(
          () => urls.outcomes[index],
          () => `${tool}: no answer`,
        );
        expectThat(
          JSON.stringify(outcome) === JSON.stringify({ tool, result: { action: "decline" } }),
          `${tool} declined: ${JSON.stringify(outcome)}`,
        );
      }
      await page.waitForTimeout(SETTLE_MS);
      expectThat((await urlStep(page).count()) === 0, "no refused URL reaches the dock");
      expectThat((await opens(page)).length === 0, "nothing opened");
      const text = (await page.locator("body").textContent()) ?? "";
      expectThat(
        !text.includes("192.168.1.2") && !text.includes("javascript:"),
        "a refused URL is not put on the page",
      );
    } finally {
      await leave(page);
      await urls.close();
    }
  },
};

const finishedAfterStopWaiting: Case = {
  name: "a URL visit the user stopped waiting for, then finished on the server: the summary goes from 'not known' to finished",
  run: async (context) => {
    const { page } = context;
    const urls = await startUrlMcpServer();
    try {
      await openUrlPage(context, { mcp: urls.mcpUrl, tools: "url_related" });
      const host = new URL(urls.mcpUrl).host;
      await page.getByRole("button", { name: "url_related", exact: true }).click();
      const shown = await shownUrl(page, "Finish signing in (url_related).", host);
      const tab = await openInNewTab(page, context.context, shown);
      await waitingFor(page, host);
      await button(page, "Stop waiting").click();
      await hides(urlStep(page));
      const summary = timeline(page).locator(".ask-summary").last();
      await shows(summary.getByText(/stopped waiting; whether you finished is not known/));
      await tab.getByRole("button", { name: "Finish" }).click();
      await eventually(
        () => (urls.completed.length === 1 ? true : undefined),
        () => `the completion was sent: ${JSON.stringify(urls.completed)}`,
      );
      await shows(summary.getByText(`You opened “${host}” and finished there.`));
      const text = (await summary.textContent()) ?? "";
      expectThat(!/not known/.test(text), `nothing "not known" is left: ${text}`);
      await tab.close();
    } finally {
      await leave(page);
      await urls.close();
    }
  },
};

/** The URL elicitation cases, registered in `cases.ts`. */
export const URL_CASES: Case[] = [
  sdkExampleServer,
  bothStreams,
  finishedAfterStopWaiting,
  refusedUrls,
];
