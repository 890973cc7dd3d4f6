import type { Flow } from "../../test/e2e/harness";
import { dock, expectThat, hides, shows } from "../../test/e2e/page-helpers";

/** Waits for the local LangGraph server's runs, which go through a worker queue. */
const RUN_TIMEOUT_MS = 30_000;

/**
 * The LangGraph stack, for the README's picture: the review agent's two guarded calls dock as one
 * review prompt; both approved, both run, and the agent's next message quotes their results.
 */
export const langgraphReview: Flow = {
  name: "langgraph-review",
  run: async ({ page, demo, expectAccessible, screenshot }) => {
    const review = page.getByRole("button", { name: "Review an email" });
    const agent = page.getByRole("article", { name: "Agent's message" });
    await page.goto(`${demo.pageUrl}?stack=langgraph&agent=review`);
    // The page's code loads on demand: judge the page once it is there.
    await shows(review);
    await expectAccessible("langgraph idle");

    await review.click();
    await shows(dock(page).getByText(/Review this email before it is sent/), RUN_TIMEOUT_MS);
    await expectAccessible("langgraph review docked");
    await hides(page.getByText("The agent is running…"));
    // The README's picture: no button under a hover.
    await page.mouse.move(0, 0);
    await screenshot("langgraph-review");
    expectThat(page.url().includes("thread="), `the URL should name the thread: ${page.url()}`);

    await dock(page)
      .getByRole("radio", { name: /Approve/ })
      .click();
    for (const step of [2, 3, 4]) {
      await shows(dock(page).getByText(`Question ${step} of 5`));
      await dock(page).getByRole("button", { name: "Next" }).click();
    }
    await shows(dock(page).getByText(/Confirm this file may be deleted/));
    await dock(page)
      .getByRole("radio", { name: /Approve/ })
      .click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page), RUN_TIMEOUT_MS);
    await shows(agent.getByText("tool delete_file said: deleted drafts/release-notes.md"));
    await shows(agent.getByText(/tool send_email said: sent email to bob@example\.com/));
    await expectAccessible("langgraph reviewed");
  },
};
