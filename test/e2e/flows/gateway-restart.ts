import type { Flow } from "../harness";
import { dock, shows, summaryIn, turn } from "../page-helpers";

const RESTART_WAIT_MS = 60_000;

/** The gateway restarts mid-question: the prompt becomes Unavailable, the unsent answer is kept. */
export const gatewayRestart: Flow = {
  name: "restart",
  timeoutMs: 150_000,
  run: async (flow) => {
    const { page, openPage, runScenario, peer, expectAccessible, screenshot } = flow;
    await openPage();
    await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    const summary = summaryIn(page, "Deploy the build");
    await flow.expectNetworkNoise(async () => {
      await peer.restart();
      await shows(summary.getByText(/no longer has/), RESTART_WAIT_MS);
      await page.getByText("Connected", { exact: true }).waitFor({ timeout: RESTART_WAIT_MS });
    });
    await shows(summary.getByText("Production"));
    await shows(turn(page, "Deploy the build").getByText(/The question was lost/), RESTART_WAIT_MS);
    await expectAccessible("unavailable");
    await screenshot("unavailable");
  },
};
