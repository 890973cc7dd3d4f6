import type { Flow } from "../harness";
import { expectThat, hides, shows, UI_TIMEOUT_MS } from "../page-helpers";
import {
  asyncAsker,
  EXTRAS_TITLE,
  expectOneReply,
  optionalQuestion,
  questionUi,
} from "./async-support";

/** The page keeps a waiting prompt under keys with this prefix (sessionStorage). */
const WAITING_KEY_PREFIX = "ask-user-kit:waiting:";

/**
 * A half-answered optional question outlives a visit to another session: that session's page
 * reads only its own history, so it cannot find the question there; back in its own session the
 * question is waiting again with what the user wrote, and the answer is sent as written.
 */
export const asyncOtherSession: Flow = {
  name: "async-other-session",
  run: async (flow) => {
    const ask = asyncAsker(flow);
    const { page, openPage } = flow;
    await openPage();
    const { messageId } = await ask();
    await questionUi(page)
      .getByRole("radio", { name: /SQLite/ })
      .click();
    await shows(questionUi(page).getByText(EXTRAS_TITLE).first());
    await questionUi(page).getByRole("textbox").fill("Keep the schema small");

    await page.getByRole("link", { name: "Main session" }).click();
    await page.getByText("Connected", { exact: true }).waitFor();
    // That page's hydration has checked the kept question once it no longer keeps it as waiting.
    await page.waitForFunction(
      (prefix) =>
        !Object.keys(sessionStorage).some(
          (key) => key.startsWith(prefix) && key.includes(":async:"),
        ),
      WAITING_KEY_PREFIX,
      { timeout: UI_TIMEOUT_MS },
    );

    const sessionName = flow.sessionKey.split(":").at(-1) ?? "";
    await page.getByRole("link", { name: `Session “${sessionName}”` }).click();
    await page.getByText("Connected", { exact: true }).waitFor();
    await shows(optionalQuestion(page).getByText(EXTRAS_TITLE).first());
    const draft = await questionUi(page).getByRole("textbox").inputValue();
    expectThat(draft === "Keep the schema small", `the draft after the visit is "${draft}"`);
    await questionUi(page).getByRole("button", { name: "Submit" }).click();
    await hides(optionalQuestion(page));

    await expectOneReply(flow, messageId, ["SQLite", "Keep the schema small"]);
  },
};
