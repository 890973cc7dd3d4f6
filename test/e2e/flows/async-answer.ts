import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, summaryIn } from "../page-helpers";
import {
  asyncAsker,
  asyncSummaries,
  DATABASE_TITLE,
  expectOneReply,
  optionalQuestion,
  questionUi,
  repliesTo,
  SWITCH_SETTLE_MS,
} from "./async-support";

/**
 * An optional question gives way to a question the agent waits on, comes back after it, and its
 * answer reaches the gateway as OpenClaw's Control UI sends one: the quoted form with replyToId.
 */
export const asyncAnswer: Flow = {
  name: "async-answer",
  run: async (flow) => {
    const ask = asyncAsker(flow);
    const { page, openPage, runScenario, expectAccessible } = flow;
    await openPage();
    const { messageId } = await ask();
    await expectAccessible("optional question");
    expectThat(
      await optionalQuestion(page)
        .getByRole("radio", { name: /Postgres/ })
        .isChecked(),
      "the first option should be chosen before the user picks",
    );

    await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await page.waitForTimeout(SWITCH_SETTLE_MS);
    expectThat(
      (await optionalQuestion(page).count()) === 0,
      "a question the agent waits on should take the dock from the optional one",
    );
    await dock(page)
      .getByRole("radio", { name: /Staging/ })
      .click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await shows(summaryIn(page, "Deploy the build").getByText(/Staging/));

    await shows(optionalQuestion(page).getByText(DATABASE_TITLE).first());
    await page.waitForTimeout(SWITCH_SETTLE_MS);
    const sent = await repliesTo(flow, messageId);
    expectThat(sent.length === 0, "the preselected option must never be sent by itself");
    await questionUi(page).getByRole("button", { name: "Next" }).click();
    await questionUi(page).getByRole("textbox").fill("Use UTC timestamps");
    await questionUi(page).getByRole("button", { name: "Submit" }).click();
    await hides(optionalQuestion(page));
    await shows(asyncSummaries(page).getByText("Your answer was sent."));
    await shows(asyncSummaries(page).getByText("Use UTC timestamps", { exact: true }));

    await expectOneReply(flow, messageId, ["Postgres", "Use UTC timestamps"]);
  },
};
