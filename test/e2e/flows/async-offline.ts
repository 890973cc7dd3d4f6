import type { Flow } from "../harness";
import { hides, shows } from "../page-helpers";
import {
  asyncAsker,
  asyncSummaries,
  expectOneReply,
  optionalQuestion,
  questionUi,
} from "./async-support";

const RECONNECT_WAIT_MS = 45_000;
/** Time for a second send, were one to follow the reconnect. */
const SETTLE_MS = 1_500;

/**
 * An answer given offline is queued (its summary in the thread says so meanwhile), then reaches
 * the gateway once when the connection returns.
 */
export const asyncOffline: Flow = {
  name: "async-offline",
  timeoutMs: 120_000,
  run: async (flow) => {
    const ask = asyncAsker(flow);
    const { page, context, openPage, proxy } = flow;
    await openPage();
    const { messageId } = await ask();
    await questionUi(page).getByRole("button", { name: "Next" }).click();
    await questionUi(page).getByRole("textbox").fill("Sent after the outage");
    await flow.expectNetworkNoise(async () => {
      proxy.goOffline();
      await context.setOffline(true);
      await shows(page.getByText(/Reconnecting|Connecting/));
      await questionUi(page).getByRole("button", { name: "Submit" }).click();
      await shows(questionUi(page).getByText(/You are offline/));
      // The thread has its summary already, saying the answer waits for the connection.
      const queued = asyncSummaries(page).and(page.locator('[data-status="queued"]'));
      await shows(queued.getByText("Sent after the outage", { exact: true }));
      proxy.goOnline();
      await context.setOffline(false);
      await page.getByText("Connected", { exact: true }).waitFor({ timeout: RECONNECT_WAIT_MS });
    });
    await hides(optionalQuestion(page));
    await shows(asyncSummaries(page).getByText("Sent after the outage", { exact: true }));
    await page.waitForTimeout(SETTLE_MS);
    await expectOneReply(flow, messageId, ["Postgres", "Sent after the outage"]);
  },
};
