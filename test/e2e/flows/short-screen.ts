import type { Locator, Page } from "playwright-core";
import type { Flow } from "../harness";
import { shows, summaryIn } from "../page-helpers";

/** A phone with its keyboard open, or in landscape: the compact layout must still fit. */
const SHORT = { width: 390, height: 460 };

const questionUi = (page: Page) =>
  page.locator(".ask-composer-dock .ask-dock, .ask-composer-dock .ask-card").first();

/** Throws unless `locator` lies wholly inside the short viewport. */
async function expectInView(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  if (box === null || box.y < 0 || box.y + box.height > SHORT.height + 1) {
    throw new Error(`${what} is not wholly in view at 390x460: ${JSON.stringify(box)}`);
  }
}

/**
 * A short screen: a question and its primary action are in view without scrolling the page, and
 * three questions stack in a card whose header and footer stay in view while its body scrolls.
 */
export const shortScreen: Flow = {
  name: "short-screen",
  run: async ({ page, openPage, runScenario, expectAccessible }) => {
    await page.setViewportSize(SHORT);
    await openPage();
    await runScenario("single");
    await shows(questionUi(page));
    await expectInView(questionUi(page), "the dock");
    const staging = questionUi(page).getByRole("radio", { name: /Staging/ });
    const submit = questionUi(page).getByRole("button", { name: "Submit" });
    await expectInView(staging, "the first option");
    await expectInView(submit, "Submit");
    await expectAccessible("question on a short screen");
    await staging.click();
    await submit.click();
    await questionUi(page).waitFor({ state: "detached" });
    await shows(summaryIn(page, "Deploy the build"));

    await runScenario("three");
    await shows(questionUi(page));
    await expectInView(questionUi(page), "the three questions");
    const footerAction = questionUi(page).getByRole("button", { name: /Submit|Next/ });
    await expectInView(footerAction.first(), "the primary action of three questions");
  },
};
