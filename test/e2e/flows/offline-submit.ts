import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, summaryIn } from "../page-helpers";

const RECONNECT_WAIT_MS = 45_000;

/** Submit while offline: the answer is queued, then sent exactly once when the connection returns. */
export const offlineSubmit: Flow = {
  name: "offline",
  timeoutMs: 120_000,
  run: async (flow) => {
    const { page, context, openPage, runScenario, proxy, expectAccessible, screenshot } = flow;
    await openPage();
    const { id } = await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    // While offline, every reconnect attempt the backoff makes is logged by the browser as a
    // failed WebSocket; how many depends on how long the steps below take.
    await flow.expectNetworkNoise(async () => {
      proxy.goOffline();
      await context.setOffline(true);
      await shows(page.getByText(/Reconnecting|Connecting/));
      await dock(page).getByRole("button", { name: "Submit" }).click();
      await shows(dock(page).getByText(/You are offline/));
      await expectAccessible("queued offline");
      await screenshot("queued");
      proxy.goOnline();
      await context.setOffline(false);
      await page.getByText("Connected", { exact: true }).waitFor({ timeout: RECONNECT_WAIT_MS });
    });
    await hides(dock(page));
    await shows(summaryIn(page, "Deploy the build").getByText("Production", { exact: true }));
    const sent = proxy.countRequests("question.resolve", id);
    expectThat(sent === 1, `question.resolve went to the gateway ${sent} times, expected once`);
  },
};
