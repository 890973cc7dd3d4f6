import type { Page } from "playwright-core";
import type { Flow } from "../harness";
import { shows, summaryIn } from "../page-helpers";

const PHONE = { width: 390, height: 844 };

/** On a phone the kit stacks the questions in a card (or docks one); either is the question UI. */
const questionUi = (page: Page) =>
  page.locator(".ask-composer-dock .ask-dock, .ask-composer-dock .ask-card");

async function isInViewport(page: Page): Promise<boolean> {
  const box = await questionUi(page).first().boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height + 1;
}

/**
 * A phone: the chat and the channels are two tabs, and a question arriving while the user reads
 * history docks in view at once, since the composer is pinned to the bottom.
 */
export const phone: Flow = {
  name: "phone",
  run: async ({ page, openPage, runScenario, expectAccessible }) => {
    await page.setViewportSize(PHONE);
    await openPage();
    for (let answered = 0; answered < 3; answered += 1) {
      await runScenario("single");
      await shows(questionUi(page));
      await questionUi(page)
        .getByRole("radio", { name: /Staging/ })
        .click();
      await questionUi(page).getByRole("button", { name: "Submit" }).click();
      await questionUi(page).first().waitFor({ state: "detached" });
    }
    await shows(summaryIn(page, "Deploy the build"));
    // Reading history: the timeline scrolled back to its start.
    await page.locator(".demo-timeline").evaluate((timeline) => {
      timeline.scrollTop = 0;
    });
    await runScenario("three");
    await shows(questionUi(page));
    if (!(await isInViewport(page))) throw new Error("the question arrived out of view on a phone");
    await expectAccessible("question on a phone");

    await page.getByRole("button", { name: "Channels", exact: true }).click();
    await shows(page.getByRole("heading", { name: "Channels" }));
    if (await questionUi(page).first().isVisible()) {
      throw new Error("the Channels tab still shows the chat");
    }
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await shows(questionUi(page));
  },
};
