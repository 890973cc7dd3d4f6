import type { Flow } from "../harness";
import { dock, hides, shows, summaryIn, turn } from "../page-helpers";

const EXPIRY_WAIT_MS = 45_000;

/** A 30-second question expires; the unsent draft stays visible in the summary. */
export const expire: Flow = {
  name: "expire",
  timeoutMs: 90_000,
  run: async ({ page, openPage, runScenario, expectAccessible, screenshot }) => {
    await openPage();
    await runScenario("timeout");
    await shows(dock(page).getByText("Should I rename the branch to match the ticket?"));
    await dock(page).getByRole("textbox").fill("Only after the release");
    await hides(dock(page), EXPIRY_WAIT_MS);
    const summary = summaryIn(page, "Rename the branch");
    await shows(summary.getByText(/expired\./));
    await shows(summary.getByText("Only after the release"));
    await shows(
      turn(page, "Rename the branch").getByText(
        "No answer arrived; proceeding with best judgment.",
      ),
    );
    await expectAccessible("expired");
    await screenshot("expired");
  },
};
