import { answerFor } from "../protocol/answer-for";
import type { QuestionAnswers } from "../protocol/types";
import { draftToUnsentAnswers } from "./draft-values";
import { type PromptState, promptStateOf } from "./prompt-state";
import type { PromptDraft, PromptEntry } from "./types";

/** One question's line in a prompt's summary; `unsent` is what the user composed and never got through. */
export type SummaryLine = {
  questionId: string;
  question: string;
  header: string;
  /** The answer the question ended with (or this user's unconfirmed one); null when it has none. */
  answer: string[] | null;
  secret: boolean;
  /** A yes/no form field: its values `true` and `false` are shown as Yes and No. */
  yesNo: boolean;
  /** A URL to open: its answer (the URL, once the visit is done) is shown as finished. */
  opensUrl: boolean;
  /** A URL this user opened here (the source was told so, as an MCP server is told `accept`). */
  opened: boolean;
  unsent: string[] | null;
  /** What became of the answer beyond the answer itself, in the source's words; null when nothing. */
  result: string | null;
};

/** A prompt's state and one line per question: what every view of an ended prompt shows. */
export type PromptSummary = { state: PromptState; lines: SummaryLine[] };

/** What the user had composed and never got through: the store's record of it, else the draft left behind. */
export function unsentAnswersOf(entry: PromptEntry, draft?: PromptDraft): QuestionAnswers | null {
  if (entry.unsentAnswers !== null) return entry.unsentAnswers;
  if (entry.sent?.kind === "resolve") return entry.sent.answers;
  return draftToUnsentAnswers(entry.record, draft);
}

function shownAnswers(entry: PromptEntry, state: PromptState): QuestionAnswers | null {
  switch (state.outcome) {
    case "answered":
    case "answered-elsewhere":
    case "answered-by-reply":
      return entry.answers ?? entry.record.answers ?? null;
    default:
      // An answer not yet confirmed (sent, queued, or of unknown fate) is the one to show.
      return (state.status === "unconfirmed" || state.sent === "answer") &&
        entry.sent?.kind === "resolve"
        ? entry.sent.answers
        : null;
  }
}

function valuesOf(values: string[] | undefined): string[] | null {
  return values === undefined || values.length === 0 ? null : values;
}

function sameValues(left: string[] | null, right: string[] | null): boolean {
  return left?.join("\u0000") === right?.join("\u0000");
}

/** Summarizes a prompt for the timeline, the notice and the live region; `draft` adds what was typed and never sent. */
export function summarizePrompt(entry: PromptEntry, draft?: PromptDraft): PromptSummary {
  const state = promptStateOf(entry);
  const answers = shownAnswers(entry, state);
  // Our own answer or one on its way is the answer itself, so nothing of it is "unsent".
  const typed =
    state.outcome === "answered" || state.status === "unconfirmed" || state.sent === "answer"
      ? null
      : unsentAnswersOf(entry, draft);
  const lines = entry.record.questions.map((question): SummaryLine => {
    const answer = valuesOf(answerFor(answers, question.questionId));
    const unsent = valuesOf(answerFor(typed, question.questionId));
    return {
      questionId: question.questionId,
      question: question.question,
      header: question.header,
      answer,
      secret: question.isSecret === true,
      yesNo: question.field?.type === "boolean",
      opensUrl: question.openUrl !== undefined,
      opened: question.openUrl !== undefined && entry.openedAtMs !== undefined,
      // Another surface's answer does not make what this user typed worthless, unless it says the same.
      unsent: sameValues(unsent, answer) ? null : unsent,
      result: entry.results?.find((item) => item.questionId === question.questionId)?.text ?? null,
    };
  });
  return { state, lines };
}
