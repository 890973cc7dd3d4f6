import { SECRET_MASK } from "../protocol/constants";
import { parseAnswers } from "../protocol/parse-question";
import { parseQuestionRecord } from "../protocol/parse-question-record";
import { IssueCollector, isRecord } from "../protocol/parse-support";
import type { QuestionAnswers, QuestionRecord } from "../protocol/types";
import type { PromptEntry, PromptStatus } from "./types";

/** What survives a reload of an ended prompt: exactly what its timeline summary needs. */
export type StoredPrompt = Pick<
  PromptEntry,
  "record" | "status" | "answeredElsewhere" | "answers" | "unsentAnswers" | "outcomeAtMs"
>;

const TERMINAL_STATUSES: readonly PromptStatus[] = [
  "answered",
  "cancelled",
  "expired",
  "unavailable",
];

function redactAnswers(record: QuestionRecord, answers: QuestionAnswers): QuestionAnswers {
  const redacted: Record<string, string[]> = { ...answers.answers };
  for (const question of record.questions) {
    if (question.isSecret === true && redacted[question.questionId] !== undefined) {
      redacted[question.questionId] = [SECRET_MASK];
    }
  }
  return { answers: redacted };
}

/** The stored form of an ended prompt; secret answers are masked, since summaries never show them. */
export function toStoredPrompt(entry: PromptEntry): StoredPrompt {
  const { record } = entry;
  const redact = (answers: QuestionAnswers | null) =>
    answers === null ? null : redactAnswers(record, answers);
  const { answers: recordAnswers, ...rest } = record;
  return {
    record:
      recordAnswers === undefined
        ? rest
        : { ...rest, answers: redactAnswers(record, recordAnswers) },
    status: entry.status,
    answeredElsewhere: entry.answeredElsewhere,
    answers: redact(entry.answers),
    unsentAnswers: redact(entry.unsentAnswers),
    outcomeAtMs: entry.outcomeAtMs,
  };
}

function parseNullableAnswers(
  value: unknown,
  path: string,
  issues: IssueCollector,
): QuestionAnswers | null | undefined {
  if (value === null) return null;
  return parseAnswers(value, path, issues) ?? undefined;
}

function describeIssues(issues: IssueCollector): string {
  return issues.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
}

/**
 * Rebuilds an ended prompt from storage, or explains why it cannot. A prompt only our clock had
 * expired comes back as expired on the gateway too (its deadline has passed), so hydration never
 * checks it again.
 */
export function parseStoredPrompt(
  value: unknown,
): { ok: true; entry: PromptEntry } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: "not an object" };
  const parsedRecord = parseQuestionRecord(value.record);
  if (!parsedRecord.ok) {
    const reason = parsedRecord.issues.map((issue) => `record.${issue.path}: ${issue.message}`);
    return { ok: false, reason: reason.join("; ") };
  }
  const issues = new IssueCollector();
  const status = TERMINAL_STATUSES.find((terminal) => terminal === value.status);
  if (status === undefined) issues.add("status", "must be a terminal status");
  if (typeof value.answeredElsewhere !== "boolean")
    issues.add("answeredElsewhere", "must be a boolean");
  const answers = parseNullableAnswers(value.answers, "answers", issues);
  const unsentAnswers = parseNullableAnswers(value.unsentAnswers, "unsentAnswers", issues);
  const outcomeAtMs = value.outcomeAtMs;
  if (outcomeAtMs !== null && typeof outcomeAtMs !== "number") {
    issues.add("outcomeAtMs", "must be a number or null");
  }
  if (
    !issues.isEmpty ||
    status === undefined ||
    answers === undefined ||
    unsentAnswers === undefined
  ) {
    return { ok: false, reason: describeIssues(issues) };
  }
  const record =
    status === "expired" && parsedRecord.value.status === "pending"
      ? { ...parsedRecord.value, status: "expired" as const }
      : parsedRecord.value;
  return {
    ok: true,
    entry: {
      id: record.id,
      record,
      status,
      answeredElsewhere: value.answeredElsewhere === true,
      answers,
      sent: null,
      unsentAnswers,
      outcomeAtMs: typeof outcomeAtMs === "number" ? outcomeAtMs : null,
      error: null,
    },
  };
}
