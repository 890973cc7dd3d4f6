import type { Page } from "playwright-core";
import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, summaryIn, turn, UI_TIMEOUT_MS } from "../page-helpers";

/** What the dock's polite live region says, whole (it is read whole on every change). */
async function liveRegionText(page: Page): Promise<string> {
  const region = page.locator('.ask-composer-dock [role="status"][aria-live="polite"]');
  // Visually hidden: waited for in the DOM, not on screen.
  await region.locator("p").first().waitFor({ state: "attached", timeout: UI_TIMEOUT_MS });
  return ((await region.textContent()) ?? "").trim();
}

/**
 * Answer one question with a click; the summary lands in the asking turn. The live region says
 * the arrival and nothing else: the panel's idle rehearsal, which runs the same reading, says
 * nothing.
 */
export const answerWithClick: Flow = {
  name: "click",
  run: async ({ page, openPage, runScenario, expectAccessible, screenshot }) => {
    await openPage();
    await expectAccessible("idle");
    await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    const said = await liveRegionText(page);
    expectThat(
      said === "New question: Where should I deploy this build?",
      `the live region says the arrival alone, got ${JSON.stringify(said)}`,
    );
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
