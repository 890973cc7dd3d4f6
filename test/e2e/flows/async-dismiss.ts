import type { Flow } from "../harness";
import { expectThat, hides, shows } from "../page-helpers";
import {
  asyncAsker,
  asyncSummaries,
  DATABASE_TITLE,
  EXTRAS_TITLE,
  expectOneReply,
  optionalQuestion,
  questionUi,
  SWITCH_SETTLE_MS,
  sessionHistory,
} from "./async-support";

/** Longer than the page takes from "Connected" to Submit. */
const HISTORY_DELAY_MS = 2_500;

/**
 * Dismiss stays in this browser (nothing reaches the gateway) and the summary's Answer brings the
 * question back; a half-written answer survives a reload and is sent as written, also before the
 * session's history is read again.
 */
export const asyncDismiss: Flow = {
  name: "async-dismiss",
  run: async (flow) => {
    const ask = asyncAsker(flow);
    const { page, openPage, expectAccessible } = flow;
    await openPage();
    const { messageId } = await ask();
    // On the real gateway the ask itself was another client's message.
    const userMessages = async () =>
      (await sessionHistory(flow)).filter((message) => message.role === "user").length;
    const before = await userMessages();
    await optionalQuestion(page).getByRole("button", { name: "Dismiss" }).click();
    await hides(optionalQuestion(page));
    const summary = asyncSummaries(page);
    await shows(summary.getByText(/You dismissed/));
    await expectAccessible("dismissed");
    expectThat((await userMessages()) === before, "dismissing should send nothing to the gateway");

    await summary.getByRole("button", { name: "Answer" }).click();
    await shows(optionalQuestion(page).getByText(DATABASE_TITLE).first());
    await page.waitForTimeout(SWITCH_SETTLE_MS);
    await questionUi(page)
      .getByRole("radio", { name: /SQLite/ })
      .click();
    await shows(questionUi(page).getByText(EXTRAS_TITLE).first());
    await questionUi(page).getByRole("textbox").fill("Keep the schema small");

    // A busy gateway: the page shows the question from storage and is answered before the
    // session's history is back (the kit then reads it again to find the question's message).
    const restoreHistory = flow.proxy.slowResponses("chat.history", HISTORY_DELAY_MS);
    await page.reload();
    await page.getByText("Connected", { exact: true }).waitFor();
    await shows(optionalQuestion(page).getByText(EXTRAS_TITLE).first());
    const draft = await questionUi(page).getByRole("textbox").inputValue();
    expectThat(draft === "Keep the schema small", `the draft after a reload is "${draft}"`);
    await questionUi(page).getByRole("button", { name: "Submit" }).click();
    await hides(optionalQuestion(page));
    restoreHistory();

    await expectOneReply(flow, messageId, ["SQLite", "Keep the schema small"]);
  },
};
