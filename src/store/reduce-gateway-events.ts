import type { ReplyRefusal } from "../protocol/chat-reply";
import { parseQuestionResolvedEvent } from "../protocol/parse-frames";
import { parseQuestionRecord } from "../protocol/parse-question-record";
import { describeId, describeIssues } from "../protocol/parse-support";
import type { QuestionRecord } from "../protocol/types";
import { ORPHAN_CLOCK_SLACK_MS, ORPHAN_RESOLUTION_TTL_MS } from "./constants";
import {
  createEntry,
  expireLocally,
  isBlockingStatus,
  isRevivable,
  isSettled,
  markUnavailable,
  outcomeOfEvent,
  outcomeOfRecord,
  settleEntry,
} from "./outcomes";
import type { StateTransaction } from "./transaction";
import type { PromptEntry, QuestionStoreState } from "./types";

type Transaction = StateTransaction<QuestionStoreState>;

/** Parses a record from the gateway; a malformed one becomes a diagnostic and null. */
export function acceptRecord(
  tx: Transaction,
  value: unknown,
  source: string,
): QuestionRecord | null {
  const parsed = parseQuestionRecord(value);
  if (parsed.ok) {
    if (parsed.warnings !== undefined) {
      tx.diagnose(
        `showed question record ${describeId(value)} from ${source} without what it may not carry: ${describeIssues(parsed.warnings)}`,
      );
    }
    return parsed.value;
  }
  tx.diagnose(
    `dropped a malformed question record ${describeId(value)} from ${source}: ${describeIssues(parsed.issues)}`,
  );
  return null;
}

/**
 * Applies a resolution that arrived before its record, if one is waiting and the record's request
 * was created before it arrived: a stray resolution never ends a request made after it.
 */
function applyOrphan(tx: Transaction, record: QuestionRecord, atMs: number): void {
  const { id } = record;
  const orphan = tx.state.orphanResolutions.get(id);
  if (orphan === undefined) return;
  tx.setOrphan(id, null);
  const arrivedAtGatewayMs = orphan.atMs + tx.state.clockOffsetMs + ORPHAN_CLOCK_SLACK_MS;
  if (record.createdAtMs > arrivedAtGatewayMs) {
    tx.diagnose(
      `ignored a question.resolved ${describeId(record)} that arrived before this request was created`,
    );
    return;
  }
  const entry = tx.prompt(id);
  if (entry === undefined || isSettled(entry)) return;
  tx.setPrompt(settleEntry(entry, outcomeOfEvent(orphan.event), tx.draft(id), atMs));
}

/** Forgets resolutions for unknown ids that no record claimed in time. */
function forgetStaleOrphans(tx: Transaction, nowMs: number): void {
  for (const [id, orphan] of tx.state.orphanResolutions) {
    if (nowMs - orphan.atMs >= ORPHAN_RESOLUTION_TTL_MS) tx.setOrphan(id, null);
  }
}

/**
 * True when `record` is a later request that reuses the id of `entry`: the gateway accepts an id
 * again once the first request's tombstone is gone, and stamps each request with its own time.
 */
function isLaterRequest(entry: PromptEntry, record: QuestionRecord): boolean {
  return record.createdAtMs > entry.record.createdAtMs;
}

/** A key for the earlier request's timeline entry that no gateway id already holds in the store. */
function retiredKey(tx: Transaction, entry: PromptEntry): string {
  let key = `${entry.record.id}@${entry.record.createdAtMs}`;
  while (tx.prompt(key) !== undefined) key += "@";
  return key;
}

/**
 * Moves the earlier request of a reused id out of the way, under a key of its own, so its summary
 * stays in the timeline where it was. One still believed waiting ended unseen (the gateway takes
 * the id again only after its tombstone), so its fate is unknown. Its draft is kept with it.
 */
function retireEarlierRequest(tx: Transaction, entry: PromptEntry, atMs: number): void {
  const draft = tx.draft(entry.id);
  const ended = isBlockingStatus(entry.status) ? markUnavailable(entry, draft, atMs) : entry;
  const key = retiredKey(tx, entry);
  tx.replacePrompt(entry.id, { ...ended, id: key });
  tx.setDraft(entry.id, null);
  tx.setOrphan(entry.id, null);
}

/**
 * Upserts a record from the gateway. A terminal record settles the prompt; a pending one adds it
 * (or refreshes it, reviving a prompt our clock expired too early or one marked unavailable with
 * nothing sent); a settled prompt never goes back, but a later request reusing its id is a new
 * prompt.
 */
export function upsertRecord(tx: Transaction, record: QuestionRecord, atMs: number): void {
  const earlier = tx.prompt(record.id);
  if (earlier !== undefined && isLaterRequest(earlier, record)) {
    retireEarlierRequest(tx, earlier, atMs);
  }
  const existing = tx.prompt(record.id);
  const outcome = outcomeOfRecord(record);
  if (existing !== undefined && isSettled(existing)) return;
  if (outcome !== null) {
    const entry = existing ?? createEntry(record);
    tx.setPrompt(settleEntry(entry, outcome, tx.draft(record.id), atMs, record));
    tx.setOrphan(record.id, null);
    return;
  }
  if (existing === undefined) {
    tx.setPrompt(createEntry(record));
  } else if (isBlockingStatus(existing.status)) {
    tx.setPrompt({ ...existing, record });
  } else if (existing.status === "expired" || isRevivable(existing)) {
    // Expired by our clock too early, or unavailable to a source that could not tell at a
    // hydration (an async question whose session was not read yet): it waits again, with its draft.
    // A prompt queued when our clock expired it is queued again, so the next flush sends it once.
    const wasQueued = existing.sent !== null && existing.progress?.wasQueued === true;
    tx.setPrompt({
      ...existing,
      record,
      status: wasQueued ? "queued" : "pending",
      unsentAnswers: null,
      outcomeAtMs: null,
    });
  } else {
    return;
  }
  applyOrphan(tx, record, atMs);
}

/**
 * A chat message the gateway refused as the plain-text answer: the newest open question a run
 * asked in that session keeps the reason, to show beside it until it ends.
 */
export function reduceReplyRefused(tx: Transaction, refusal: ReplyRefusal, atMs: number): void {
  let target: PromptEntry | undefined;
  for (const entry of tx.state.prompts.values()) {
    const { record } = entry;
    if (record.sessionKey !== refusal.sessionKey || record.runId === undefined) continue;
    if (!isBlockingStatus(entry.status)) continue;
    if (target === undefined || record.createdAtMs > target.record.createdAtMs) target = entry;
  }
  if (target === undefined) {
    tx.diagnose(
      `a chat reply in ${refusal.sessionKey} was refused with no open question: ${refusal.reason}`,
    );
    return;
  }
  tx.setPrompt({ ...target, replyRefusal: { reason: refusal.reason, atMs } });
}

/** Who resolved a prompt answered elsewhere, read from its record (the same request only). */
export function reduceResolverLearned(
  tx: Transaction,
  id: string,
  createdAtMs: number,
  resolvedBy: string,
): void {
  const entry = tx.prompt(id);
  if (entry === undefined || !isSettled(entry) || entry.record.resolvedBy !== undefined) return;
  if (entry.record.createdAtMs !== createdAtMs) return;
  tx.setPrompt({ ...entry, record: { ...entry.record, resolvedBy } });
}

/** `question.requested`: a new prompt; ignored for a prompt that already ended. */
export function reduceRequested(tx: Transaction, value: unknown, atMs: number): void {
  const record = acceptRecord(tx, value, "question.requested");
  if (record === null) return;
  const existing = tx.prompt(record.id);
  if (
    existing !== undefined &&
    !isBlockingStatus(existing.status) &&
    !isRevivable(existing) &&
    !isLaterRequest(existing, record)
  )
    return;
  upsertRecord(tx, record, atMs);
}

/** `question.resolved`: settles a known prompt, or is kept until its record arrives. */
export function reduceResolved(tx: Transaction, value: unknown, atMs: number): void {
  const parsed = parseQuestionResolvedEvent(value);
  if (!parsed.ok) {
    tx.diagnose(
      `dropped a malformed question.resolved event ${describeId(value)}: ${describeIssues(parsed.issues)}`,
    );
    return;
  }
  const event = parsed.value;
  const entry = tx.prompt(event.id);
  if (entry === undefined) {
    tx.setOrphan(event.id, { event, atMs });
    return;
  }
  // A URL step opened here that ended unanswered (Stop waiting, the deadline), reported done
  // after all: "whether you finished is not known" becomes "finished". Only URL steps are opened.
  const finishedLate =
    event.status === "answered" && entry.openedAtMs !== undefined && entry.status !== "answered";
  if (isSettled(entry) && !finishedLate) return;
  tx.setPrompt(settleEntry(entry, outcomeOfEvent(event), tx.draft(event.id), atMs));
}

/**
 * Advances local time and expires waiting prompts whose gateway-clock deadline has passed. Before
 * the clock offset is known (prompts restored by a reload, not yet connected) nothing expires: a
 * local clock ahead of the gateway's would end a prompt that is still waiting.
 */
export function reduceTick(tx: Transaction, nowMs: number, offsetKnown = true): void {
  tx.state.nowMs = nowMs;
  forgetStaleOrphans(tx, nowMs);
  if (!offsetKnown) return;
  const gatewayNowMs = nowMs + tx.state.clockOffsetMs;
  for (const id of tx.state.order) {
    const entry = tx.prompt(id);
    if (entry === undefined) continue;
    // A submit in flight is settled by its own response or reconciliation, never by our timer.
    if (entry.status !== "pending" && entry.status !== "queued") continue;
    if (entry.record.expiresAtMs > gatewayNowMs) continue;
    tx.setPrompt(expireLocally(entry, tx.draft(id), nowMs));
  }
}
