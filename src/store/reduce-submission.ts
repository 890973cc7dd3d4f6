import type { QuestionAnswers, ResolveResult } from "../protocol/types";
import type { FetchOutcome } from "./actions";
import { isSettled, mayHaveLanded, settleEntry, withholdMaskedAnswer } from "./outcomes";
import { applyFetchOutcome } from "./reduce-hydration";
import type { StateTransaction } from "./transaction";
import type { PendingAction, PromptEntry, PromptError, QuestionStoreState } from "./types";

type Transaction = StateTransaction<QuestionStoreState>;

/** Local validation failed: show the field error, send nothing. */
export function reduceSubmitInvalid(tx: Transaction, promptId: string, error: PromptError): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || (entry.status !== "pending" && entry.status !== "queued")) return;
  tx.setPrompt({ ...entry, error });
}

/** A resolve or cancel goes out now (`submitting`) or after the next hydration (`queued`). */
export function reduceSubmitStarted(
  tx: Transaction,
  promptId: string,
  action: PendingAction,
  queued: boolean,
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || (entry.status !== "pending" && entry.status !== "queued")) return;
  // Queuing again the same unconfirmed action keeps it marked as possibly applied.
  const reachedWire = !queued || (entry.sent === action && mayHaveLanded(entry));
  tx.setPrompt({
    ...entry,
    status: queued ? "queued" : "submitting",
    sent: action,
    progress: { reachedWire, skipAfterReconcile: false, wasQueued: false },
    error: null,
    // An optional question's refused answer, shown in its summary until this one replaces it.
    unsentAnswers: entry.record.origin === "async" ? null : entry.unsentAnswers,
  });
}

/** True while an unconfirmed send waits for a check: queued, or being checked now (`submitting`). */
function awaitsCheck(entry: PromptEntry | undefined): entry is PromptEntry {
  return (entry?.status === "queued" || entry?.status === "submitting") && entry.sent !== null;
}

/**
 * Skip pressed while an unconfirmed send waits for its check: the send stays (it may have landed),
 * and a cancel goes out instead once the check (or the next hydration) shows it never landed.
 */
export function reduceSkipDeferred(tx: Transaction, promptId: string): void {
  const entry = tx.prompt(promptId);
  if (!awaitsCheck(entry)) return;
  const { answersAfterReconcile: _replaced, ...progress } = {
    reachedWire: true,
    wasQueued: false,
    ...entry.progress,
  };
  tx.setPrompt({ ...entry, progress: { ...progress, skipAfterReconcile: true } });
}

/**
 * Submit pressed with new answers while an unconfirmed send waits for its check: like a deferred
 * Skip, the send stays, and these answers go out instead once it is shown never to have landed.
 */
export function reduceSubmitDeferred(
  tx: Transaction,
  promptId: string,
  answers: QuestionAnswers,
): void {
  const entry = tx.prompt(promptId);
  if (!awaitsCheck(entry)) return;
  const progress = { reachedWire: true, wasQueued: false, ...entry.progress };
  tx.setPrompt({
    ...entry,
    progress: { ...progress, skipAfterReconcile: false, answersAfterReconcile: answers },
  });
}

/** `question.get` showed an unconfirmed send never landed: a different action goes out instead. */
export function reduceSubmitReplaced(
  tx: Transaction,
  promptId: string,
  from: PendingAction,
  action: PendingAction,
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || entry.status !== "submitting" || entry.sent !== from) return;
  tx.setPrompt({
    ...entry,
    sent: action,
    progress: { reachedWire: true, skipAfterReconcile: false, wasQueued: false },
  });
}

/** The gateway accepted our resolution. */
export function reduceSubmitConfirmed(
  tx: Transaction,
  promptId: string,
  result: ResolveResult,
  atMs: number,
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || isSettled(entry)) return;
  const outcome =
    result.status === "answered"
      ? { status: "answered" as const, answers: result.answers }
      : { status: "cancelled" as const };
  tx.setPrompt(settleEntry(entry, outcome, tx.draft(promptId), atMs));
}

/** The gateway rejected our resolution (nothing changed there): the prompt waits again, with the error. */
export function reduceSubmitRejected(tx: Transaction, promptId: string, error: PromptError): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || entry.status !== "submitting") return;
  // An optional question's summary shows the refused answer (its Try again sends the draft).
  const unsentAnswers =
    entry.record.origin === "async" && entry.sent?.kind === "resolve"
      ? entry.sent.answers
      : entry.unsentAnswers;
  tx.setPrompt({ ...entry, status: "pending", sent: null, error, unsentAnswers });
}

/**
 * The outcome of a send is unknown and could not be checked. Disconnected (no `error`): `queued`,
 * so the next hydration settles it or sends it once. Connected: back to `pending` with the error
 * and the unconfirmed action kept for `retry`.
 */
export function reduceSubmitUnconfirmed(
  tx: Transaction,
  promptId: string,
  error: PromptError | null,
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || entry.status !== "submitting") return;
  tx.setPrompt({ ...entry, status: error === null ? "queued" : "pending", error });
}

/** `question.get` after an unknown or refused send: ours, someone else's, or gone. */
export function reduceSubmitReconciled(
  tx: Transaction,
  promptId: string,
  outcome: FetchOutcome,
  atMs: number,
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined) return;
  applyFetchOutcome(tx, promptId, outcome, atMs);
  const after = tx.prompt(promptId);
  if (after?.status !== "submitting") return;
  // Still pending on the gateway: our send never landed, so it may be sent again by `retry`.
  tx.setPrompt({
    ...after,
    status: "pending",
    error: {
      questionId: null,
      code: "NOT_DELIVERED",
      reason: null,
      message: "Your answer did not reach the gateway. Try again.",
    },
  });
}

/** A queued answer restored without its secret cannot be sent: the prompt waits for it again. */
export function reduceSubmitWithheld(tx: Transaction, promptId: string): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || entry.status !== "queued") return;
  tx.setPrompt(withholdMaskedAnswer(entry));
}
