import type { Flow } from "../harness";
import { composerInput, dock, expectThat, questionBar, shows } from "../page-helpers";

/** The dock's lazily loaded panel. */
const PANEL_CHUNK = "**/composer-dock-panel*";

/**
 * The question panel's chunk cannot load (network error): the page says so in the panel's place,
 * the composer stays with the message being typed, and Try again shows the question once the
 * network is back.
 */
export const panelLoadFailure: Flow = {
  name: "panel-load-failure",
  run: async ({ page, openPage, runScenario, expectFailedResource, backend }) => {
    await page.route(PANEL_CHUNK, (route) => route.abort("internetdisconnected"));
    await expectFailedResource("composer-dock-panel", async () => {
      await openPage();
      const composer = composerInput(page);
      await composer.click();
      await page.keyboard.type("A message I am still writing");
      const { id } = await runScenario("three");
      const alert = page.getByRole("alert").filter({ hasText: "The question could not be shown" });
      await shows(alert);
      expectThat(await composer.isVisible(), "the composer should stay shown");
      const typed = await composer.inputValue();
      expectThat(typed === "A message I am still writing", `composer text lost: "${typed}"`);

      await page.unroute(PANEL_CHUNK);
      await alert.getByRole("button", { name: "Try again" }).click();
      // The user was writing when the question arrived: it waits in the bar, the text stays.
      await shows(questionBar(page).getByText(/Waiting for your answer/));
      await questionBar(page).getByRole("button", { name: "Show question" }).click();
      await shows(dock(page).getByText("Which framework should the app use?"));
      await dock(page)
        .getByRole("radio", { name: /Svelte/ })
        .press("Escape");
      await shows(composer);
      const kept = await composer.inputValue();
      expectThat(kept === "A message I am still writing", `composer text lost: "${kept}"`);
      await backend.cancel(id, { resolvedBy: "e2e-cleanup" });
    });
  },
};
