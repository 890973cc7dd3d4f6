import type { Flow } from "../harness";
import { dock, hides, shows, summaryIn, turn } from "../page-helpers";

/** Another back-end client (the side of `npm run ask`) answers: the dock retires at once. */
export const answeredElsewhere: Flow = {
  name: "ask-side",
  run: async ({ page, openPage, runScenario, backend, expectAccessible }) => {
    await openPage();
    const { id } = await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await dock(page)
      .getByRole("radio", { name: /Staging/ })
      .click();
    await backend.resolve(id, { answers: { deploy_target: ["Preview"] } }, { resolvedBy: "cli" });
    await hides(dock(page));
    const summary = summaryIn(page, "Deploy the build");
    await shows(summary.getByText("Answered elsewhere"));
    await shows(summary.getByText("Preview", { exact: true }));
    await shows(turn(page, "Deploy the build").getByText("Deploying to Preview…"));
    await expectAccessible("answered elsewhere");
  },
};
