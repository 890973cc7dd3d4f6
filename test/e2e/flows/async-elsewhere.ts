import type { Flow } from "../harness";
import { hides, shows } from "../page-helpers";
import {
  asyncAsker,
  asyncSummaries,
  DATABASE_TITLE,
  EXTRAS_TITLE,
  optionalQuestion,
  quotedAnswer,
  replyElsewhere,
} from "./async-support";

/**
 * A reply to the question from another client (OpenClaw's Control UI in another tab) retires it
 * as answered elsewhere; a later run of the session that ends first makes the next one stale.
 */
export const asyncElsewhere: Flow = {
  name: "async-elsewhere",
  run: async (flow) => {
    const ask = asyncAsker(flow);
    const mock = flow.peer.mock;
    if (ask === null || mock === undefined) return;
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

    await ask();
    mock.completeRun({
      sessionKey: flow.sessionKey,
      runId: `run_later_${Date.now().toString(36)}`,
      text: "The database layer is done.",
    });
    await hides(optionalQuestion(page));
    await shows(
      asyncSummaries(page)
        .last()
        .getByText(/is no longer pending/),
    );
  },
};
