import type { Flow } from "../harness";
import { composerInput, dock, expectThat, hides, questionBar, shows } from "../page-helpers";

/** Collapse the dock, type in the composer, expand: the step and every draft are intact. */
export const collapseAndCompose: Flow = {
  name: "collapse",
  run: async ({ page, openPage, runScenario, expectAccessible, screenshot, backend }) => {
    await openPage();
    const { id } = await runScenario("three");
    await shows(dock(page).getByText("Which framework should the app use?"));
    await dock(page)
      .getByRole("radio", { name: /Svelte/ })
      .click();
    await shows(dock(page).getByText("Which extras should I add?"));
    await dock(page)
      .getByRole("checkbox", { name: /Storybook/ })
      .click();
    await dock(page)
      .getByRole("checkbox", { name: /Storybook/ })
      .press("Escape");
    await hides(dock(page));
    await shows(questionBar(page).getByText("Waiting for your answer · Extras · 2/3"));
    const composer = composerInput(page);
    expectThat(
      await composer.evaluate((element) => element === document.activeElement),
      "the composer should be focused after collapsing",
    );
    await page.keyboard.type("A note while the question waits");
    await expectAccessible("collapsed bar");
    await screenshot("bar");
    await questionBar(page).getByRole("button", { name: "Show question" }).click();
    await shows(dock(page).getByText("Which extras should I add?"));
    expectThat(
      await dock(page)
        .getByRole("checkbox", { name: /Storybook/ })
        .isChecked(),
      "the Storybook choice should survive collapsing",
    );
    await dock(page).getByRole("button", { name: "Back" }).click();
    expectThat(
      await dock(page)
        .getByRole("radio", { name: /Svelte/ })
        .isChecked(),
      "the first step's choice should survive collapsing",
    );
    await dock(page)
      .getByRole("radio", { name: /Svelte/ })
      .press("Escape");
    await hides(dock(page));
    const draft = await composer.inputValue();
    expectThat(draft === "A note while the question waits", `composer draft lost: "${draft}"`);
    await backend.cancel(id, { resolvedBy: "e2e-cleanup" });
  },
};
