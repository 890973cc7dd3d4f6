import { waitResultOfRecord } from "../protocol/record-outcome";
import type { QuestionAnswers, QuestionRecord, QuestionResolvedEvent } from "../protocol/types";
import { draftToUnsentAnswers } from "./draft-values";
import { matchesSentAnswers } from "./secret-answers";
import type {
  PendingAction,
  PromptDraft,
  PromptEntry,
  PromptError,
  PromptStatus,
  SendProgress,
} from "./types";

/** A gateway outcome without its id. */
export type Outcome =
  | { status: "answered"; answers: QuestionAnswers }
  | { status: "cancelled" }
  | { status: "expired" };

/** True for statuses that still wait for this user. */
export function isBlockingStatus(status: PromptStatus): boolean {
  return status === "pending" || status === "submitting" || status === "queued";
}

/** True once the prompt has ended (the gateway said so, or its fate is unknown). */
export function isTerminalStatus(status: PromptStatus): boolean {
  return !isBlockingStatus(status);
}

/** Expired by our own timer while the gateway has not confirmed it yet. */
export function isLocallyExpired(entry: PromptEntry): boolean {
  return entry.status === "expired" && entry.record.status === "pending";
}

/** A terminal state the gateway confirmed (local expiry and `unavailable` may still change). */
export function isSettled(entry: PromptEntry): boolean {
  return (
    isTerminalStatus(entry.status) && entry.status !== "unavailable" && !isLocallyExpired(entry)
  );
}

/**
 * Marked unavailable with nothing sent: its source may say it waits after all (an async question
 * whose session was not read), which brings it back with its draft.
 */
export function isRevivable(entry: PromptEntry): boolean {
  return entry.status === "unavailable" && entry.sent === null;
}

/** True when `sent` may have reached the gateway, so replacing it could contradict what happened. */
export function mayHaveLanded(entry: PromptEntry): boolean {
  return entry.sent !== null && entry.progress?.reachedWire !== false;
}

/** The entry without its delivery progress (once nothing is waiting to be sent). */
export function withoutProgress(entry: PromptEntry): PromptEntry {
  const { progress: _progress, ...rest } = entry;
  return rest;
}

/** A fresh pending prompt for a record. */
export function createEntry(record: QuestionRecord): PromptEntry {
  return {
    id: record.id,
    record,
    status: "pending",
    answeredElsewhere: false,
    answers: null,
    sent: null,
    unsentAnswers: null,
    outcomeAtMs: null,
    error: null,
  };
}

/** The outcome a terminal record carries, or null for a pending one. */
export function outcomeOfRecord(record: QuestionRecord): Outcome | null {
  const result = waitResultOfRecord(record);
  return result.status === "pending" ? null : result;
}

/** The outcome of a `question.resolved` payload. */
export function outcomeOfEvent(event: QuestionResolvedEvent): Outcome {
  return event.status === "answered"
    ? { status: "answered", answers: event.answers }
    : { status: event.status };
}

/**
 * What the user last chose to send: a replacement pressed while `sent` waited to be checked (it
 * goes out once a check shows `sent` never landed), else `sent` itself.
 */
export function intendedAction(entry: PromptEntry): PendingAction | null {
  if (entry.sent === null) return null;
  if (entry.progress?.skipAfterReconcile === true) return { kind: "cancel" };
  const answers = entry.progress?.answersAfterReconcile;
  return answers === undefined ? entry.sent : { kind: "resolve", answers };
}

/** The newest answer the user submitted, else the draft, kept for copying once the prompt ended. */
function unsentOf(entry: PromptEntry, draft: PromptDraft | undefined): QuestionAnswers | null {
  const intended = intendedAction(entry);
  if (intended?.kind === "resolve") return intended.answers;
  return entry.unsentAnswers ?? draftToUnsentAnswers(entry.record, draft);
}

function recordWithOutcome(record: QuestionRecord, outcome: Outcome): QuestionRecord {
  const { answers: _previous, ...rest } = record;
  return outcome.status === "answered"
    ? { ...rest, status: "answered", answers: outcome.answers }
    : { ...rest, status: outcome.status };
}

/** Applies a gateway outcome: ours when it matches what this client sent, else "elsewhere". */
export function settleEntry(
  entry: PromptEntry,
  outcome: Outcome,
  draft: PromptDraft | undefined,
  atMs: number,
  record: QuestionRecord = recordWithOutcome(entry.record, outcome),
): PromptEntry {
  const sent = entry.sent;
  // A URL this user opened here, which the source then says is done, was answered by this user.
  const ours =
    outcome.status === "answered"
      ? entry.openedAtMs !== undefined ||
        (sent?.kind === "resolve" && matchesSentAnswers(record, sent.answers, outcome.answers))
      : outcome.status === "cancelled" && sent?.kind === "cancel";
  return {
    ...withoutProgress(entry),
    record,
    status: outcome.status,
    answeredElsewhere: outcome.status !== "expired" && !ours,
    answers: outcome.status === "answered" ? outcome.answers : null,
    sent: null,
    unsentAnswers: ours ? null : unsentOf(entry, draft),
    outcomeAtMs: atMs,
    error: null,
  };
}

function answersAfterReconcileOf(entry: PromptEntry): Pick<SendProgress, "answersAfterReconcile"> {
  const answers = entry.progress?.answersAfterReconcile;
  return answers === undefined ? {} : { answersAfterReconcile: answers };
}

/** Our own timer passed `expiresAtMs`; the record keeps `pending` until the gateway confirms. */
export function expireLocally(
  entry: PromptEntry,
  draft: PromptDraft | undefined,
  atMs: number,
): PromptEntry {
  const progress: SendProgress | null =
    entry.sent === null
      ? null
      : {
          reachedWire: mayHaveLanded(entry),
          skipAfterReconcile: entry.progress?.skipAfterReconcile === true,
          wasQueued: entry.status === "queued",
          ...answersAfterReconcileOf(entry),
        };
  return {
    ...withoutProgress(entry),
    ...(progress === null ? {} : { progress }),
    status: "expired",
    answeredElsewhere: false,
    // Kept so a later gateway record can still tell whether an unconfirmed send was ours.
    sent: entry.sent,
    unsentAnswers: unsentOf(entry, draft),
    outcomeAtMs: atMs,
    error: null,
  };
}

/**
 * The gateway no longer knows the prompt (restart, or its tombstone passed): fate unknown. A send
 * that may have landed stays `sent` (we cannot tell whether it arrived); only what never left the
 * page is called unsent.
 */
export function markUnavailable(
  entry: PromptEntry,
  draft: PromptDraft | undefined,
  atMs: number,
): PromptEntry {
  const unconfirmed = mayHaveLanded(entry) ? intendedAction(entry) : null;
  return {
    ...withoutProgress(entry),
    status: "unavailable",
    answeredElsewhere: false,
    sent: unconfirmed,
    unsentAnswers: unconfirmed === null ? unsentOf(entry, draft) : null,
    outcomeAtMs: atMs,
    error: null,
  };
}

/** What this client sent to a prompt the gateway then forgot: it may or may not have arrived. */
export function unconfirmedSendOf(entry: PromptEntry): PendingAction | null {
  return entry.status === "unavailable" ? entry.sent : null;
}

/**
 * A prompt our clock expired, gone from the gateway too, with nothing sent that could have won
 * before the deadline: it expired, whatever the gateway forgot since.
 */
export function confirmLocalExpiry(entry: PromptEntry): PromptEntry {
  return {
    ...withoutProgress(entry),
    record: { ...entry.record, status: "expired" },
    sent: null,
  };
}

/** Why an answer restored without its secret was not sent. */
export const SECRET_NOT_KEPT_ERROR: PromptError = {
  questionId: null,
  code: "SECRET_NOT_KEPT",
  reason: null,
  message:
    "Your answer was not sent before the page reloaded, and secret answers are not kept. Enter it again.",
};

/** An answer restored with its secret masked never went out: the prompt waits for it again. */
export function withholdMaskedAnswer(entry: PromptEntry): PromptEntry {
  return {
    ...withoutProgress(entry),
    status: "pending",
    sent: null,
    error: SECRET_NOT_KEPT_ERROR,
  };
}
