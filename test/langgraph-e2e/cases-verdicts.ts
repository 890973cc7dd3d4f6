// Many approve and edit reviews in a row, each on a thread of its own: the tool's result can reach
// the page in an update after the one in which the interrupt went away, so a summary that judged
// on the first said "did not run" of a call the server ran. Every summary is watched from the
// first paint; none may ever say so, and each ends saying nothing of the call's fate once the
// result is in. `LANGGRAPH_REVIEWS=<n>` sets how many (CI_REVIEWS by default).
import type { Page } from "playwright-core";
import { DEFAULT_REVIEW_WORDS } from "../../src/langgraph/review-prompt";
import { dock, expectThat, hides, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { Case } from "./harness";
import {
  atStep,
  call,
  chooseAndGoOn,
  endedWithText,
  field,
  isInterrupted,
  next,
  showsMessage,
  submit,
  timeline,
  toolMessages,
} from "./helpers";

const CI_REVIEWS = 12;
/** A review's send, steps and checks take about 2 s; the rest is slack on a busy machine. */
const MS_PER_REVIEW = 6_000;

function reviewCount(): number {
  const raw = process.env.LANGGRAPH_REVIEWS;
  if (raw === undefined || raw === "") return CI_REVIEWS;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`LANGGRAPH_REVIEWS must be a whole number of reviews, not "${raw}"`);
  return count;
}

/**
 * Records, per summary, every result text it showed: a false verdict corrected a moment later
 * must still count. A string, not a function: tsx would wrap a function's helpers in its own
 * `__name`, which the page does not have.
 */
const RECORD_RESULTS = `(() => {
  const seen = [];
  window.__resultsSeen = seen;
  const record = () => {
    for (const result of document.querySelectorAll(".ask-summary__result")) {
      const text = result.textContent ?? "";
      const prompt = result.closest("[data-prompt-id]")?.dataset.promptId ?? "";
      if (!seen.some((item) => item.prompt === prompt && item.text === text))
        seen.push({ prompt, text });
    }
  };
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
})();`;

type Seen = { prompt: string; text: string };

const resultsSeen = (page: Page): Promise<Seen[]> =>
  page.evaluate(() => [...(window as unknown as { __resultsSeen: Seen[] }).__resultsSeen]);

const EMAIL = { to: "bob@x.io", subject: "hi" };

const manyReviews: Case = {
  name: "approve and edit reviews in a row: no summary ever says a call the server ran did not run",
  timeoutMs: reviewCount() * MS_PER_REVIEW + 30_000,
  run: async (context) => {
    const { page } = context;
    const count = reviewCount();
    const started = Date.now();
    await page.addInitScript({ content: RECORD_RESULTS });
    let pendingShown = 0;
    for (let index = 0; index < count; index += 1) {
      const edit = index % 2 === 1;
      await context.openPage("review");
      const threadId = await context.send(call("send_email", EMAIL));
      await context.thread(threadId, isInterrupted, `review ${index + 1} never paused the run`);
      await chooseAndGoOn(page, "Approve", 1, 3);
      await next(page, 2, 3);
      await atStep(page, 3, 3);
      const subject = edit ? `Edited ${index}` : EMAIL.subject;
      if (edit) await field(page).fill(subject);
      await submit(page);
      await hides(dock(page));
      const sent = `sent email to ${EMAIL.to} (subject: ${subject})`;
      const view = await context.thread(threadId, endedWithText, `review ${index + 1} never ended`);
      const results = toolMessages(view);
      expectThat(
        results.length === 1 && results[0]?.status === "success",
        `review ${index + 1}: the server's tool results are ${JSON.stringify(results)}`,
      );
      await showsMessage(page, `tool send_email said: ${sent}`);
      // Once the result is in, the summary says nothing of the call's fate: it ran.
      await timeline(page)
        .locator(".ask-summary__result")
        .waitFor({ state: "detached", timeout: UI_TIMEOUT_MS })
        .catch(async () => {
          throw new Error(
            `review ${index + 1}: with the tool's result shown, the summary still says ${JSON.stringify(await resultsSeen(page))}`,
          );
        });
      const seen = await resultsSeen(page);
      const notRun = seen.filter((item) => item.text === DEFAULT_REVIEW_WORDS.notRun);
      expectThat(
        notRun.length === 0,
        `review ${index + 1} (${edit ? "edit" : "approve"}): the summary said "${DEFAULT_REVIEW_WORDS.notRun}" of a call the server ran`,
      );
      pendingShown += seen.filter(
        (item) => item.text === DEFAULT_REVIEW_WORDS.resultPending,
      ).length;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `    ${count} reviews, 0 false "did not run", ${pendingShown} summaries waited for the result first (${seconds} s)`,
    );
  },
};

export const VERDICT_CASES: Case[] = [manyReviews];
