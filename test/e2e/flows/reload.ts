import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, summaryIn } from "../page-helpers";

/** Reload in the middle of answering: the step and the drafts come back. */
export const reload: Flow = {
  name: "reload",
  run: async ({ page, openPage, runScenario, expectAccessible }) => {
    await openPage();
    await runScenario("three");
    await shows(dock(page).getByText("Which framework should the app use?"));
    await dock(page).getByRole("radio", { name: /Vue/ }).click();
    await shows(dock(page).getByText("Which extras should I add?"));
    await dock(page)
      .getByRole("checkbox", { name: /Vitest/ })
      .click();
    await page.reload();
    await page.getByText("Connected", { exact: true }).waitFor();
    await shows(dock(page).getByText("Which extras should I add?"));
    await expectAccessible("restored after reload");
    expectThat(
      await dock(page)
        .getByRole("checkbox", { name: /Vitest/ })
        .isChecked(),
      "the Vitest choice should survive a reload",
    );
    await dock(page).getByRole("button", { name: "Back" }).click();
    expectThat(
      await dock(page).getByRole("radio", { name: /Vue/ }).isChecked(),
      "the Vue choice should survive a reload",
    );
    await dock(page).getByRole("button", { name: "Next" }).click();
    await dock(page).getByRole("button", { name: "Next" }).click();
    await dock(page).getByRole("textbox").fill("reloaded-app");
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    await shows(summaryIn(page, "Set up the project").getByText("Vitest", { exact: true }));
  },
};
