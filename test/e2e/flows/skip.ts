import type { Flow } from "../harness";
import { dock, hides, shows, summaryIn, turn } from "../page-helpers";

/** Skip cancels the prompt; the agent proceeds without an answer. */
export const skip: Flow = {
  name: "skip",
  run: async ({ page, openPage, runScenario, expectAccessible }) => {
    await openPage();
    await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await dock(page).getByRole("button", { name: "Skip" }).click();
    await expectAccessible("skip confirmation");
    await dock(page).getByRole("button", { name: "Yes, skip" }).click();
    await hides(dock(page));
    await shows(summaryIn(page, "Deploy the build").getByText(/You skipped/));
    await shows(
      turn(page, "Deploy the build").getByText(
        "The question was cancelled; proceeding with best judgment.",
      ),
    );
    await expectAccessible("skipped");
  },
};
