import { MAX_STORED_WAITING_PROMPTS, WAITING_STORAGE_PREFIX } from "./constants";
import { isBlockingStatus, mayHaveLanded, withholdMaskedAnswer } from "./outcomes";
import { createPromptShelf, type PromptShelf } from "./prompt-shelf";
import { hasMaskedSecret } from "./secret-answers";
import { parseStoredPrompt, toStoredPrompt, WAITING_STATUSES } from "./stored-prompt";
import type { DraftStorage, PromptEntry } from "./types";

/**
 * A send in flight when the page unloaded lost its response: like a send cut by a disconnect it
 * waits in the queue, possibly applied, for the next hydration to settle it or send it once.
 */
function queueInFlightSend(entry: PromptEntry): PromptEntry {
  if (entry.status !== "submitting") return entry;
  const progress = { skipAfterReconcile: false, wasQueued: false, ...entry.progress };
  return { ...entry, status: "queued", progress: { ...progress, reachedWire: true } };
}

/** Stored as sending or queued with nothing to send (a malformed item): it just waits for an answer. */
function dropEmptySend(entry: PromptEntry): PromptEntry {
  return entry.sent === null && entry.status !== "pending"
    ? { ...entry, status: "pending" }
    : entry;
}

/** What a reload makes of a stored waiting prompt. */
export function restoreWaitingPrompt(stored: PromptEntry): PromptEntry {
  const entry = queueInFlightSend(dropEmptySend(stored));
  const { sent } = entry;
  // Storage masked its secret: an answer that never went out can only be typed again.
  const unsendable =
    sent?.kind === "resolve" &&
    !mayHaveLanded(entry) &&
    hasMaskedSecret(entry.record, sent.answers);
  return unsendable ? withholdMaskedAnswer(entry) : entry;
}

/** Restores and persists waiting prompts (record, sent action, delivery) beside their drafts. */
export function createWaitingPersistence(
  storage: DraftStorage | null,
  gatewayKey: string,
): PromptShelf {
  return createPromptShelf(storage, gatewayKey, {
    prefix: WAITING_STORAGE_PREFIX,
    noun: "waiting prompt",
    max: MAX_STORED_WAITING_PROMPTS,
    holds: (entry) => isBlockingStatus(entry.status),
    rank: (entry) => entry.record.createdAtMs,
    parse: (value) => {
      const parsed = parseStoredPrompt(value, WAITING_STATUSES);
      return parsed.ok ? { ok: true, entry: restoreWaitingPrompt(parsed.entry) } : parsed;
    },
    toStored: toStoredPrompt,
  });
}
