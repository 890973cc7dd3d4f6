import { MAX_STORED_TIMELINE_PROMPTS, TIMELINE_STORAGE_PREFIX } from "./constants";
import { isTerminalStatus } from "./outcomes";
import { createPromptShelf, type PromptShelf } from "./prompt-shelf";
import { parseStoredPrompt, TERMINAL_STATUSES, toStoredPrompt } from "./stored-prompt";
import type { DraftStorage, PromptEntry } from "./types";

/** When the prompt ended (its arrival when that is unknown); the oldest are evicted first. */
function endedAtMs(entry: PromptEntry): number {
  return entry.outcomeAtMs ?? entry.record.createdAtMs;
}

/** Ended prompts restored from storage, and the timeline's storage kept in step with the store. */
export type TimelinePersistence = PromptShelf;

/** Restores and persists ended prompts under keys made of `gatewayKey` and the prompt id. */
export function createTimelinePersistence(
  storage: DraftStorage | null,
  gatewayKey: string,
): TimelinePersistence {
  return createPromptShelf(storage, gatewayKey, {
    prefix: TIMELINE_STORAGE_PREFIX,
    noun: "timeline entry",
    max: MAX_STORED_TIMELINE_PROMPTS,
    holds: (entry) => isTerminalStatus(entry.status),
    rank: endedAtMs,
    parse: (value) => parseStoredPrompt(value, TERMINAL_STATUSES),
    toStored: toStoredPrompt,
  });
}
