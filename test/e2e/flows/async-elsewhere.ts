import type { Flow } from "../harness";
import { composerInput, dock, expectThat, hides, questionBar, shows } from "../page-helpers";
import {
  asyncAsker,
  asyncSummaries,
  DATABASE_TITLE,
  EXTRAS_TITLE,
  optionalQuestion,
  quotedAnswer,
  replyElsewhere,
  sendAsAnotherClient,
} from "./async-support";

/**
 * A reply to the question from another client (OpenClaw's Control UI in another tab) retires it
 * as answered elsewhere; the next one arrives collapsed while the user types, and a later run of
 * the session that ends first makes it stale.
 */
export const asyncElsewhere: Flow = {
  name: "async-elsewhere",
  run: async (flow) => {
    const ask = asyncAsker(flow);
    const { mock } = flow.peer;
    const { page, openPage, expectAccessible } = flow;
    await openPage();
    const first = await ask();
    const text = quotedAnswer([
      [DATABASE_TITLE, ["MySQL"]],
      [EXTRAS_TITLE, ["Answered in the other tab"]],
    ]);
    await replyElsewhere(flow, first.messageId, text);
    await hides(optionalQuestion(page));
    const answered = asyncSummaries(page).first();
    await shows(answered.getByText("Answered elsewhere"));
    await shows(answered.getByText("MySQL", { exact: true }));
    await expectAccessible("answered elsewhere");

    // Someone typing keeps the composer and the focus: the next one arrives as the collapsed bar.
    await composerInput(page).click();
    await composerInput(page).pressSequentially("Also add");
    await ask("collapsed");
    await page.keyboard.type(" indexes");
    const typed = await composerInput(page).inputValue();
    expectThat(typed === "Also add indexes", `the composer holds "${typed}"`);
    expectThat((await dock(page).count()) === 0, "the question should stay collapsed");
    // A later run of the session ends: on the real gateway another client's message starts one.
    if (mock === undefined) await sendAsAnotherClient(flow, "How is the database layer going?");
    else
      mock.completeRun({
        sessionKey: flow.sessionKey,
        runId: `run_later_${Date.now().toString(36)}`,
        text: "The database layer is done.",
      });
    await hides(questionBar(page));
    await shows(
      asyncSummaries(page)
        .last()
        .getByText(/is no longer pending/),
    );
  },
};
