import type { FetchOutcome } from "./actions";
import {
  confirmLocalExpiry,
  isLocallyExpired,
  isSettled,
  markUnavailable,
  mayHaveLanded,
} from "./outcomes";
import { acceptRecord, upsertRecord } from "./reduce-gateway-events";
import type { StateTransaction } from "./transaction";
import type { QuestionStoreState } from "./types";

type Transaction = StateTransaction<QuestionStoreState>;

/** True when a hydration result belongs to the hydration now running (older ones are discarded). */
export function isCurrentHydration(state: QuestionStoreState, connectionId: number): boolean {
  return state.hydration.connectionId === connectionId;
}

/** A hydration attempt began for this connection. */
export function reduceHydrationStarted(
  tx: Transaction,
  connectionId: number,
  attempt: number,
): void {
  if (connectionId < tx.state.hydration.connectionId) return;
  tx.state.hydration = { status: "running", attempt, connectionId };
}

/** `question.list` answered: every pending record is upserted; what the api dropped is diagnosed. */
export function reduceListed(
  tx: Transaction,
  connectionId: number,
  records: readonly unknown[],
  atMs: number,
  diagnostics: readonly string[] = [],
): void {
  if (!isCurrentHydration(tx.state, connectionId)) return;
  for (const message of diagnostics) tx.diagnose(message);
  for (const value of records) {
    const record = acceptRecord(tx, value, "question.list");
    if (record !== null) upsertRecord(tx, record, atMs);
  }
}

/** `question.get` answered for one id: apply the record, or mark the prompt unavailable. */
export function reduceFetched(
  tx: Transaction,
  connectionId: number,
  id: string,
  outcome: FetchOutcome,
  atMs: number,
): void {
  if (!isCurrentHydration(tx.state, connectionId)) return;
  applyFetchOutcome(tx, id, outcome, atMs);
}

/**
 * Applies what `question.get` said about one id (shared by hydration and reconciliation). An
 * unreadable record counts as gone: its fate cannot be known from here.
 */
export function applyFetchOutcome(
  tx: Transaction,
  id: string,
  outcome: FetchOutcome,
  atMs: number,
): void {
  if (outcome.kind === "record") {
    const record = acceptRecord(tx, outcome.record, "question.get");
    if (record !== null) upsertRecord(tx, record, atMs);
    return;
  }
  if (outcome.kind === "unreadable") tx.diagnose(outcome.diagnostic);
  tx.setOrphan(id, null);
  const entry = tx.prompt(id);
  if (entry === undefined || isSettled(entry) || entry.status === "unavailable") return;
  if (isLocallyExpired(entry) && !mayHaveLanded(entry)) {
    tx.setPrompt(confirmLocalExpiry(entry));
    return;
  }
  tx.setPrompt(markUnavailable(entry, tx.draft(id), atMs));
}

/** A hydration attempt failed; the runner retries later. */
export function reduceHydrationFailed(
  tx: Transaction,
  connectionId: number,
  attempt: number,
  message: string,
): void {
  if (!isCurrentHydration(tx.state, connectionId)) return;
  tx.state.hydration = { status: "failed", attempt, connectionId };
  tx.diagnose(`hydration attempt ${attempt} failed: ${message}`);
}

/** Hydration completed for this connection. */
export function reduceHydrationFinished(tx: Transaction, connectionId: number): void {
  if (!isCurrentHydration(tx.state, connectionId)) return;
  tx.state.hydration = { ...tx.state.hydration, status: "done" };
  // Only a draft stored without its record gets here, and the gateway no longer knows its prompt.
  for (const id of [...tx.state.drafts.keys()]) {
    if (tx.prompt(id) !== undefined) continue;
    tx.setDraft(id, null);
    tx.diagnose(
      `dropped the restored draft of '${id}': its prompt is gone and its record was not stored`,
    );
  }
}

/**
 * Ids hydration must check with `question.get`: believed waiting (or expired only by our clock)
 * but not listed, restored drafts whose prompt is not known, and orphan resolutions.
 */
export function idsToVerify(state: QuestionStoreState, listedIds: ReadonlySet<string>): string[] {
  const ids = new Set<string>();
  for (const id of state.order) {
    const entry = state.prompts.get(id);
    // An earlier request of a reused id is kept under a key of its own; the gateway has no record of it.
    if (entry === undefined || listedIds.has(id) || entry.id !== entry.record.id) continue;
    if (entry.status === "pending" || entry.status === "queued" || isLocallyExpired(entry))
      ids.add(id);
  }
  const unknown = [...state.drafts.keys(), ...state.orphanResolutions.keys()];
  for (const id of unknown) {
    if (!listedIds.has(id) && state.prompts.get(id) === undefined) ids.add(id);
  }
  return [...ids];
}
