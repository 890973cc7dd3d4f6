// The page with its LangGraph server down (a closed port): a message sent from a fresh page, and a
// thread the page comes back to, each say within 5 s that the server can't be reached, in the
// kit's words (`describeStreamError`), where before nothing showed for 25 s or more.
import { createServer } from "node:net";
import { DEFAULT_STREAM_ERROR_WORDS } from "../../src/langgraph/stream-error";
import { composerInput, expectThat } from "../e2e/page-helpers";
import type { Case, CaseContext } from "./harness";
import { settle } from "./helpers";

/** How soon the page must say it, from the send or the load. */
const SAYS_WITHIN_MS = 5_000;
const WAITING_THREAD = "1f0c2a4e-6b7d-4c1e-9a3f-5d8e7b6a4c2d";

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Waits for the page's alert with the kit's words; throws with what the page shows otherwise. */
async function expectUnreachableSaid(context: CaseContext, since: number, what: string) {
  const alert = context.page
    .getByRole("alert")
    .filter({ hasText: DEFAULT_STREAM_ERROR_WORDS.unreachable });
  try {
    await alert.waitFor({ state: "visible", timeout: SAYS_WITHIN_MS });
  } catch {
    const shown = await context.page.locator("main").textContent();
    throw new Error(
      `${what}: after ${SAYS_WITHIN_MS / 1000} s the page does not say the server can't be reached; it shows\n${shown}`,
    );
  }
  const tookMs = Date.now() - since;
  expectThat(tookMs <= SAYS_WITHIN_MS, `${what}: it took ${tookMs} ms`);
  console.log(`    ${what}: said in ${(tookMs / 1000).toFixed(1)} s`);
}

const freshPageSends: Case = {
  name: "server down: a message sent from a fresh page says within 5 s that the server can't be reached",
  run: async (context) => {
    const apiUrl = await closedPortUrl();
    await context.whileServerDown(apiUrl, async () => {
      await context.openPage("review", undefined, apiUrl);
      await composerInput(context.page).fill("Hello?");
      const sent = Date.now();
      await context.page.getByRole("button", { name: "Send", exact: true }).click();
      await expectUnreachableSaid(context, sent, "a fresh page's message");
      // The browser's reports of the refused requests still to come are expected too.
      await settle(context.page);
    });
  },
};

const waitingThreadLoads: Case = {
  name: "server down: a thread the page comes back to says within 5 s that it can't be loaded",
  run: async (context) => {
    const apiUrl = await closedPortUrl();
    await context.whileServerDown(apiUrl, async () => {
      const loaded = Date.now();
      await context.openPage("review", WAITING_THREAD, apiUrl);
      await expectUnreachableSaid(context, loaded, "a waiting thread");
      await settle(context.page);
    });
  },
};

export const SERVER_DOWN_CASES: Case[] = [freshPageSends, waitingThreadLoads];
