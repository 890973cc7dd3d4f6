import type { QuestionAnswers, QuestionRecord } from "../../protocol/types";
import { unconfirmedSendOf } from "../../store/index";
import type { PromptEntry } from "../../store/types";

/** What `<AnswerSummary>` needs, derived from a store entry. */
export type EntrySummaryProps = {
  record: QuestionRecord;
  answeredElsewhere: boolean;
  unavailable: boolean;
  unsentAnswers: PromptEntry["unsentAnswers"];
  /** What this user sent before the gateway forgot the prompt (answers null for a Skip). */
  unconfirmed: { answers: QuestionAnswers | null } | null;
};

function unconfirmedOf(entry: PromptEntry): EntrySummaryProps["unconfirmed"] {
  const sent = unconfirmedSendOf(entry);
  if (sent === null) return null;
  return { answers: sent.kind === "resolve" ? sent.answers : null };
}

/** Maps a timeline entry to `<AnswerSummary>` props; the entry's own view wins over a stale record. */
export function answerSummaryPropsOf(entry: PromptEntry): EntrySummaryProps {
  const record: QuestionRecord = { ...entry.record };
  switch (entry.status) {
    case "answered":
      record.status = "answered";
      if (entry.answers !== null) record.answers = entry.answers;
      break;
    case "cancelled":
    case "expired":
      record.status = entry.status;
      break;
    case "unavailable":
    case "pending":
    case "submitting":
    case "queued":
      break;
    default:
      entry.status satisfies never;
  }
  return {
    record,
    answeredElsewhere: entry.answeredElsewhere,
    unavailable: entry.status === "unavailable",
    unsentAnswers: entry.unsentAnswers,
    unconfirmed: unconfirmedOf(entry),
  };
}
