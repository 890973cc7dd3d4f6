import { answerFor } from "./answer-for";
import { SECRET_MASK } from "./constants";
import type { QuestionAnswers, QuestionRecord } from "./types";

/**
 * How a question prompt ended, as the timeline shows it: `skipped` is this user's own Skip,
 * `cancelled` a cancel by the agent or another surface.
 */
export type OutcomeKind =
  | "answered"
  | "answered-elsewhere"
  | "skipped"
  | "cancelled"
  | "expired"
  | "unavailable"
  | "unconfirmed";

/** One question's line in an outcome summary; `unsent` is a draft that never reached the gateway. */
export type OutcomeLine = {
  questionId: string;
  question: string;
  header: string;
  answer: string | null;
  secret: boolean;
  unsent: string | null;
};

/** The timeline summary of a resolved prompt. */
export type OutcomeSummary = { kind: OutcomeKind; lines: OutcomeLine[]; text: string };

/** Options of `summarizeOutcome`; `answeredElsewhere` marks an answer or cancel this user did not send. */
export type SummarizeOutcomeOptions = {
  answeredElsewhere?: boolean;
  unavailable?: boolean;
  unsentAnswers?: QuestionAnswers | null;
  /**
   * This user sent an answer (or a Skip, `answers: null`) that may have arrived before the gateway
   * forgot the prompt: the outcome cannot be known.
   */
  unconfirmed?: { answers: QuestionAnswers | null } | null;
};

const STATUS_WORDS: Record<Exclude<OutcomeKind, "answered">, string> = {
  "answered-elsewhere": "Answered elsewhere",
  skipped: "Skipped",
  cancelled: "Cancelled",
  expired: "Expired",
  unavailable: "Unavailable",
  unconfirmed: "Not confirmed",
};

function outcomeKind(record: QuestionRecord, options: SummarizeOutcomeOptions): OutcomeKind {
  if (options.unconfirmed != null) return "unconfirmed";
  if (options.unavailable === true) return "unavailable";
  switch (record.status) {
    case "answered":
      return options.answeredElsewhere === true ? "answered-elsewhere" : "answered";
    case "cancelled":
      return options.answeredElsewhere === true ? "cancelled" : "skipped";
    case "expired":
      return "expired";
    case "pending":
      return "unavailable";
    default:
      return record.status satisfies never;
  }
}

function joinValues(values: string[] | undefined, secret: boolean): string | null {
  if (values === undefined || values.length === 0) return null;
  return secret ? SECRET_MASK : values.join(", ");
}

function describeLine(kind: OutcomeKind, line: OutcomeLine): string {
  if (kind === "answered") return `${line.header}: ${line.answer ?? "(no answer)"}`;
  const unsent = line.unsent === null ? "" : ` (unsent: ${line.unsent})`;
  if (kind === "unconfirmed" && line.answer !== null) {
    return `${line.header}: ${line.answer} (${STATUS_WORDS[kind]})`;
  }
  if (kind === "answered-elsewhere" && line.answer !== null) {
    return `${line.header}: ${line.answer} (${STATUS_WORDS[kind]})${unsent}`;
  }
  return `${line.header}: ${STATUS_WORDS[kind]}${unsent}`;
}

/** Summarizes a resolved prompt: each question's full text, then `Header: answers` or its fate; secrets masked. */
export function summarizeOutcome(
  record: QuestionRecord,
  options: SummarizeOutcomeOptions = {},
): OutcomeSummary {
  const kind = outcomeKind(record, options);
  const showsAnswers = kind === "answered" || kind === "answered-elsewhere";
  const lines = record.questions.map((question): OutcomeLine => {
    const secret = question.isSecret === true;
    const answer = showsAnswers
      ? joinValues(answerFor(record.answers, question.questionId), secret)
      : kind === "unconfirmed"
        ? joinValues(answerFor(options.unconfirmed?.answers, question.questionId), secret)
        : null;
    // Another surface's answer does not make what this user typed worthless: it stays visible,
    // unless it says the same.
    const typed = joinValues(answerFor(options.unsentAnswers, question.questionId), secret);
    const unsent = kind === "answered" || kind === "unconfirmed" || typed === answer ? null : typed;
    return {
      questionId: question.questionId,
      question: question.question,
      header: question.header,
      answer,
      secret,
      unsent,
    };
  });
  const text = lines.map((line) => `${line.question}\n${describeLine(kind, line)}`).join("\n\n");
  return { kind, lines, text };
}
