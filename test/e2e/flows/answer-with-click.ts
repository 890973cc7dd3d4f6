import type { Flow } from "../harness";
import { dock, hides, shows, summaryIn, turn } from "../page-helpers";

/** Answer one question with a click; the summary lands in the asking turn. */
export const answerWithClick: Flow = {
  name: "click",
  run: async ({ page, openPage, runScenario, expectAccessible, screenshot }) => {
    await openPage();
    await expectAccessible("idle");
    await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await expectAccessible("dock open");
    await screenshot("dock");
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    await shows(turn(page, "Deploy the build").getByText("Deploying to Production…"));
    await shows(summaryIn(page, "Deploy the build").getByText("Production", { exact: true }));
    await expectAccessible("answered");
    await screenshot("summary");
  },
};
