import { parseAnswers } from "../protocol/parse-question";
import { parseQuestionRecord } from "../protocol/parse-question-record";
import { describeIssues, IssueCollector, isRecord } from "../protocol/parse-support";
import type { QuestionAnswers } from "../protocol/types";
import { isBlockingStatus, isLocallyExpired, mayHaveLanded } from "./outcomes";
import { maskSecretAnswers } from "./secret-answers";
import type {
  PendingAction,
  PromptEntry,
  PromptError,
  PromptResult,
  PromptStatus,
  SendProgress,
} from "./types";

/**
 * What survives a reload of a prompt: what its timeline summary needs, plus, while its outcome
 * still matters, what this client sent and how that send was getting on.
 */
export type StoredPrompt = Pick<
  PromptEntry,
  "record" | "status" | "answeredElsewhere" | "answers" | "unsentAnswers" | "outcomeAtMs"
> & {
  /** Only when it differs from the record's: the earlier request of an id asked again. */
  key?: string;
  sent?: PendingAction;
  progress?: SendProgress;
  error?: PromptError;
  results?: PromptResult[];
  /** A URL step's summary says whether the user opened it, the server having been told so. */
  openedAtMs?: number;
};

/** Statuses of a prompt that ended (the timeline's). */
export const TERMINAL_STATUSES: readonly PromptStatus[] = [
  "answered",
  "cancelled",
  "expired",
  "unavailable",
];

/** Statuses of a prompt that still waits for this user. */
export const WAITING_STATUSES: readonly PromptStatus[] = ["pending", "submitting", "queued"];

type Mask = (answers: QuestionAnswers) => QuestionAnswers;

/**
 * A send matters after a reload while the prompt waits, or when our clock expired it while the
 * send may have landed: the gateway's record must then still decide the outcome.
 */
function sendStillMatters(entry: PromptEntry): boolean {
  if (entry.sent === null) return false;
  // An unavailable prompt keeps only a send that may have landed: the answer to show as unconfirmed.
  return (
    isBlockingStatus(entry.status) ||
    entry.status === "unavailable" ||
    (isLocallyExpired(entry) && mayHaveLanded(entry))
  );
}

function storedSend(entry: PromptEntry, mask: Mask): Pick<StoredPrompt, "sent" | "progress"> {
  const { sent, progress } = entry;
  if (sent === null || !sendStillMatters(entry)) return {};
  const storedAction: PendingAction =
    sent.kind === "resolve" ? { kind: "resolve", answers: mask(sent.answers) } : sent;
  if (progress === undefined) return { sent: storedAction };
  const { answersAfterReconcile, ...flags } = progress;
  return {
    sent: storedAction,
    progress:
      answersAfterReconcile === undefined
        ? flags
        : { ...flags, answersAfterReconcile: mask(answersAfterReconcile) },
  };
}

/** The error to show again after a reload; a gateway message about a secret answer is not kept. */
function storedError(entry: PromptEntry): Pick<StoredPrompt, "error"> {
  const hasSecret = entry.record.questions.some((question) => question.isSecret === true);
  return entry.error === null || hasSecret ? {} : { error: entry.error };
}

/** The stored form of a prompt; secret answers are masked, since storage must never hold them. */
export function toStoredPrompt(entry: PromptEntry): StoredPrompt {
  const { record } = entry;
  const mask: Mask = (answers) => maskSecretAnswers(record, answers);
  const maskNullable = (answers: QuestionAnswers | null) =>
    answers === null ? null : mask(answers);
  const { answers: recordAnswers, ...rest } = record;
  return {
    ...(entry.id === record.id ? {} : { key: entry.id }),
    record: recordAnswers === undefined ? rest : { ...rest, answers: mask(recordAnswers) },
    status: entry.status,
    answeredElsewhere: entry.answeredElsewhere,
    answers: maskNullable(entry.answers),
    unsentAnswers: maskNullable(entry.unsentAnswers),
    outcomeAtMs: entry.outcomeAtMs,
    ...storedSend(entry, mask),
    ...storedError(entry),
    ...(entry.results === undefined ? {} : { results: [...entry.results] }),
    ...(entry.openedAtMs === undefined ? {} : { openedAtMs: entry.openedAtMs }),
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

function parseSent(value: unknown, issues: IssueCollector): PendingAction | null {
  if (value === undefined) return null;
  if (isRecord(value) && value.kind === "cancel") return { kind: "cancel" };
  if (isRecord(value) && value.kind === "resolve") {
    const answers = parseAnswers(value.answers, "sent.answers", issues);
    return answers === null ? null : { kind: "resolve", answers };
  }
  issues.add("sent", "must be a resolve or a cancel");
  return null;
}

function parseFlag(value: Record<string, unknown>, key: string, issues: IssueCollector): boolean {
  if (typeof value[key] !== "boolean") issues.add(`progress.${key}`, "must be a boolean");
  return value[key] === true;
}

function parseProgress(value: unknown, issues: IssueCollector): SendProgress | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    issues.add("progress", "must be an object");
    return undefined;
  }
  const progress: SendProgress = {
    reachedWire: parseFlag(value, "reachedWire", issues),
    skipAfterReconcile: parseFlag(value, "skipAfterReconcile", issues),
    wasQueued: parseFlag(value, "wasQueued", issues),
  };
  if (value.answersAfterReconcile === undefined) return progress;
  const answers = parseAnswers(
    value.answersAfterReconcile,
    "progress.answersAfterReconcile",
    issues,
  );
  return answers === null ? progress : { ...progress, answersAfterReconcile: answers };
}

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}

function parseError(value: unknown, issues: IssueCollector): PromptError | null {
  if (value === undefined || value === null) return null;
  if (isRecord(value)) {
    const { questionId, code, reason, message } = value;
    if (
      isNullableString(questionId) &&
      typeof code === "string" &&
      isNullableString(reason) &&
      typeof message === "string"
    ) {
      return { questionId, code, reason, message };
    }
  }
  issues.add("error", "must be a prompt error");
  return null;
}

/**
 * Rebuilds a stored prompt whose status is one of `statuses`, or explains why it cannot. A prompt
 * only our clock had expired comes back as expired on the gateway too (its deadline has passed),
 * so hydration never checks it again, unless it kept a send that may have landed: the gateway's
 * record then tells whether that answer won before the deadline.
 */
function parseResults(value: unknown, issues: IssueCollector): PromptResult[] | undefined {
  if (value === undefined) return undefined;
  const results = Array.isArray(value)
    ? value.filter(
        (item): item is PromptResult =>
          isRecord(item) && typeof item.questionId === "string" && typeof item.text === "string",
      )
    : [];
  if (!Array.isArray(value) || results.length !== value.length)
    issues.add("results", "must be a list of { questionId, text }");
  return results.map(({ questionId, text }) => ({ questionId, text }));
}

export function parseStoredPrompt(
  value: unknown,
  statuses: readonly PromptStatus[] = TERMINAL_STATUSES,
): { ok: true; entry: PromptEntry } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: "not an object" };
  const parsedRecord = parseQuestionRecord(value.record);
  if (!parsedRecord.ok) {
    return { ok: false, reason: describeIssues(parsedRecord.issues, "record.") };
  }
  const issues = new IssueCollector();
  const status = statuses.find((allowed) => allowed === value.status);
  if (status === undefined) issues.add("status", `must be one of ${statuses.join(", ")}`);
  if (typeof value.answeredElsewhere !== "boolean")
    issues.add("answeredElsewhere", "must be a boolean");
  if (value.key !== undefined && typeof value.key !== "string")
    issues.add("key", "must be a string when present");
  const answers = parseNullableAnswers(value.answers, "answers", issues);
  const unsentAnswers = parseNullableAnswers(value.unsentAnswers, "unsentAnswers", issues);
  const outcomeAtMs = value.outcomeAtMs;
  if (outcomeAtMs !== null && typeof outcomeAtMs !== "number") {
    issues.add("outcomeAtMs", "must be a number or null");
  }
  const sent = parseSent(value.sent, issues);
  const progress = parseProgress(value.progress, issues);
  const error = parseError(value.error, issues);
  const results = parseResults(value.results, issues);
  const openedAtMs = value.openedAtMs;
  if (openedAtMs !== undefined && typeof openedAtMs !== "number") {
    issues.add("openedAtMs", "must be a number when present");
  }
  if (
    !issues.isEmpty ||
    status === undefined ||
    answers === undefined ||
    unsentAnswers === undefined
  ) {
    return { ok: false, reason: describeIssues(issues.issues) };
  }
  const record =
    status === "expired" && parsedRecord.value.status === "pending" && sent === null
      ? { ...parsedRecord.value, status: "expired" as const }
      : parsedRecord.value;
  return {
    ok: true,
    entry: {
      id: typeof value.key === "string" ? value.key : record.id,
      record,
      status,
      answeredElsewhere: value.answeredElsewhere === true,
      answers,
      sent,
      ...(sent === null || progress === undefined ? {} : { progress }),
      unsentAnswers,
      outcomeAtMs: typeof outcomeAtMs === "number" ? outcomeAtMs : null,
      error,
      ...(results === undefined ? {} : { results }),
      ...(typeof openedAtMs === "number" ? { openedAtMs } : {}),
    },
  };
}
