import type { Page } from "playwright-core";
import type { Flow } from "../harness";
import { composerInput, dock, expectThat, hides, shows, summaryIn, turn } from "../page-helpers";

const MAX_TABS_TO_DOCK = 30;
// A question that arrives from the gateway takes the focus in an effect after it is painted,
// which on a busy machine can come well after the dock shows.
const FOCUS_SETTLE_MS = 2_000;

const focusIsInDock = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest("section.ask-dock")));

const focusReachesDock = (page: Page) =>
  page
    .waitForFunction(() => Boolean(document.activeElement?.closest("section.ask-dock")), null, {
      timeout: FOCUS_SETTLE_MS,
    })
    .then(
      () => true,
      () => false,
    );

/** Tabs back into the dock when focus left it (noted: the dock should keep focus itself). */
const tabIntoDock = async (page: Page, note: (text: string) => void, when: string) => {
  if (await focusReachesDock(page)) return;
  for (let tabs = 0; !(await focusIsInDock(page)); tabs += 1) {
    expectThat(tabs < MAX_TABS_TO_DOCK, "Tab never reached the dock");
    if (tabs === 0) note(`focus was outside the dock ${when}; tabbed back in`);
    await page.keyboard.press("Tab");
  }
};

/** Step through three questions with the keyboard only. */
export const keyboardOnly: Flow = {
  name: "keyboard",
  run: async ({ page, openPage, runScenario, expectAccessible, screenshot, note }) => {
    await openPage();
    await runScenario("three");
    await shows(dock(page).getByText("Which framework should the app use?"));
    await tabIntoDock(page, note, "when the question arrived");
    await page.keyboard.press("2");
    await shows(dock(page).getByText("Which extras should I add?"));
    await tabIntoDock(page, note, "after a pick advanced to step 2");
    await expectAccessible("step 2 of 3");
    await page.keyboard.press("1");
    await page.keyboard.press("2");
    await screenshot("dock-multi-step");
    await page.keyboard.press("Enter");
    await shows(dock(page).getByText("What should the project be called?"));
    await tabIntoDock(page, note, "after Enter advanced to step 3");
    const field = dock(page).getByRole("textbox");
    if (!(await field.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press("1");
    }
    await page.keyboard.type("keyboard-app");
    await page.keyboard.press("Control+Enter");
    // The next message, typed at once: keys that reach the dock while the answer is on its way
    // (the real gateway's round trip) are held and given to the composer it gives back.
    await page.keyboard.type("Thanks");
    await hides(dock(page));
    const typed = await composerInput(page).inputValue();
    expectThat(typed === "Thanks", `keys typed right after Submit: the composer holds "${typed}"`);
    await shows(
      turn(page, "Set up the project").getByText(
        "Scaffolding “keyboard-app” with Svelte and ESLint, Vitest…",
      ),
    );
    const summary = summaryIn(page, "Set up the project");
    await shows(summary.getByText("Svelte", { exact: true }));
    await shows(summary.getByText("ESLint, Vitest", { exact: true }));
    await expectAccessible("three answered");
  },
};
