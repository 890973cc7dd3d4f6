import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { OutcomeNotice } from "../../src/react/notice/outcome-notice";
import { QuestionBar } from "../../src/react/question-bar";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import type { DataStatus } from "../../src/store/prompt-state";
import type { PromptEntry } from "../../src/store/types";
import { singleChoiceRecord } from "../../src/testing/fixtures";
import type { FixturePrompt } from "../../stories/support/fixture-store";
import { renderWithStore } from "./support";

const ANSWERS = { answers: { deploy_target: ["Production"] } };
const pending = singleChoiceRecord;
const answered: QuestionRecord = { ...pending, status: "answered", answers: ANSWERS };
const cancelled: QuestionRecord = { ...pending, status: "cancelled" };
const expired: QuestionRecord = { ...pending, status: "expired" };

type Case = { word: DataStatus; prompt: FixturePrompt; endedElsewhere: boolean };

/** One prompt in every outcome and delivery state the store can hold, with the word each must show. */
const CASES: Case[] = [
  { word: "waiting", prompt: { record: pending }, endedElsewhere: false },
  {
    word: "failed",
    prompt: {
      record: pending,
      error: { questionId: null, code: "UNAVAILABLE", reason: null, message: "Gateway down" },
    },
    endedElsewhere: false,
  },
  {
    word: "sending",
    prompt: { record: pending, status: "submitting", sent: { kind: "resolve", answers: ANSWERS } },
    endedElsewhere: false,
  },
  {
    word: "queued",
    prompt: { record: pending, status: "queued", sent: { kind: "resolve", answers: ANSWERS } },
    endedElsewhere: false,
  },
  {
    word: "answered",
    prompt: { record: answered, status: "answered", answers: ANSWERS },
    endedElsewhere: false,
  },
  { word: "skipped", prompt: { record: cancelled, status: "cancelled" }, endedElsewhere: false },
  {
    word: "answered-elsewhere",
    prompt: { record: answered, status: "answered", answers: ANSWERS, answeredElsewhere: true },
    endedElsewhere: true,
  },
  {
    word: "answered-by-reply",
    prompt: {
      record: { ...answered, resolvedBy: "plain-text" },
      status: "answered",
      answers: ANSWERS,
      answeredElsewhere: true,
    },
    endedElsewhere: true,
  },
  {
    word: "cancelled",
    prompt: { record: cancelled, status: "cancelled", answeredElsewhere: true },
    endedElsewhere: true,
  },
  { word: "expired", prompt: { record: expired, status: "expired" }, endedElsewhere: true },
  { word: "unavailable", prompt: { record: pending, status: "unavailable" }, endedElsewhere: true },
  {
    word: "unconfirmed",
    prompt: { record: pending, status: "unavailable", sent: { kind: "resolve", answers: ANSWERS } },
    endedElsewhere: true,
  },
  {
    word: "unconfirmed",
    prompt: { record: pending, status: "unavailable", sent: { kind: "cancel" } },
    endedElsewhere: true,
  },
];

/** The sentence an element says about the prompt's state: its status line, notice sentence or summary fate. */
function sentenceIn(element: HTMLElement): string | null {
  const sentence = element.querySelector(
    ".ask-status__text, .ask-notice__sentence, .ask-summary__fate",
  );
  return sentence?.textContent ?? null;
}

describe("given one prompt in each outcome and delivery state", () => {
  it.each(CASES)(
    "should show $word with the same word and the same sentence on the dock, the bar, the notice and the summary",
    ({ word, prompt, endedElsewhere }) => {
      const { store } = renderWithStore(
        <>
          <div data-testid="dock">
            <QuestionDock promptId={pending.id} />
          </div>
          <div data-testid="bar">
            <QuestionBar promptId={pending.id} />
          </div>
          <div data-testid="notice">
            <OutcomeNotice promptId={pending.id} />
          </div>
        </>,
        { prompts: [prompt] },
      );
      const entry = store.getState().prompts.get(pending.id) as PromptEntry;
      const { container: summaryHost } = renderWithStore(<AnswerSummary entry={entry} />, {
        prompts: [],
      });

      const dock = screen.getByTestId("dock");
      const surfaces = [
        ...dock.querySelectorAll<HTMLElement>("[data-status]"),
        ...screen.getByTestId("bar").querySelectorAll<HTMLElement>("[data-status]"),
        ...screen.getByTestId("notice").querySelectorAll<HTMLElement>("[data-status]"),
        ...summaryHost.querySelectorAll<HTMLElement>("[data-status]"),
      ];
      expect(surfaces.map((surface) => surface.dataset.status)).toEqual(surfaces.map(() => word));

      const notice = within(screen.getByTestId("notice")).queryByRole("region");
      expect(notice !== null).toBe(endedElsewhere);
      const summary = summaryHost.querySelector<HTMLElement>(".ask-summary");
      if (summary === null) throw new Error("no summary");
      const said = sentenceIn(summary);
      if (word === "waiting") {
        expect(said).toBeNull();
        expect(sentenceIn(dock)).toBeNull();
        return;
      }
      expect(said).not.toBe("");
      // The dock says it in its status line, or as the notice it retires into.
      expect(sentenceIn(dock)).toBe(said);
      if (notice !== null) expect(sentenceIn(notice)).toBe(said);
    },
  );
});
