import { MAX_STORED_TIMELINE_PROMPTS, TIMELINE_STORAGE_PREFIX } from "./constants";
import { isTerminalStatus } from "./outcomes";
import { parseStoredPrompt, toStoredPrompt } from "./stored-prompt";
import type { DraftStorage, PromptEntry, QuestionStoreState } from "./types";

function promptKey(gatewayKey: string, promptId: string): string {
  return `${TIMELINE_STORAGE_PREFIX}:${gatewayKey}:${promptId}`;
}

// Storage cannot be enumerated through the Pick<> we accept, so an index lists the stored ids.
function indexKey(gatewayKey: string): string {
  return `${TIMELINE_STORAGE_PREFIX}-index:${gatewayKey}`;
}

function readIndex(storage: DraftStorage, gatewayKey: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(indexKey(gatewayKey)) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function parseStoredText(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** When the prompt ended (its arrival when that is unknown); the oldest are evicted first. */
function endedAtMs(entry: PromptEntry): number {
  return entry.outcomeAtMs ?? entry.record.createdAtMs;
}

/** Ended prompts restored from storage, and the timeline's storage kept in step with the store. */
export type TimelinePersistence = {
  /** Ended prompts an earlier page of the same gateway stored, oldest first. */
  readonly restored: readonly PromptEntry[];
  /** Why stored entries were dropped (malformed). */
  readonly diagnostics: readonly string[];
  /** Stores changed ended prompts, removes dismissed (or revived) ones, keeps only the newest. */
  sync(previous: QuestionStoreState, next: QuestionStoreState): void;
};

/** Restores and persists ended prompts under keys made of `gatewayKey` and the prompt id. */
export function createTimelinePersistence(
  storage: DraftStorage | null,
  gatewayKey: string,
): TimelinePersistence {
  const attempt = (write: () => void): void => {
    try {
      write();
    } catch {
      // A full or blocked storage only costs the reload feature; the in-memory timeline stays.
    }
  };
  // Id -> when it ended, for eviction of the oldest.
  const stored = new Map<string, number>();
  const restored: PromptEntry[] = [];
  const diagnostics: string[] = [];
  if (storage !== null) {
    const ids = readIndex(storage, gatewayKey);
    for (const id of ids) {
      const text = attemptRead(storage, promptKey(gatewayKey, id));
      const parsed = parseStoredPrompt(parseStoredText(text));
      if (parsed.ok && parsed.entry.id === id) {
        restored.push(parsed.entry);
        stored.set(id, endedAtMs(parsed.entry));
        continue;
      }
      const reason = parsed.ok ? "its id does not match its key" : parsed.reason;
      diagnostics.push(`dropped a malformed stored timeline entry '${id}': ${reason}`);
      attempt(() => storage.removeItem(promptKey(gatewayKey, id)));
    }
    if (stored.size !== ids.length) {
      attempt(() => storage.setItem(indexKey(gatewayKey), JSON.stringify([...stored.keys()])));
    }
  }
  restored.sort((left, right) => endedAtMs(left) - endedAtMs(right));

  const sync = (previous: QuestionStoreState, next: QuestionStoreState): void => {
    if (storage === null || previous.prompts === next.prompts) return;
    let indexChanged = false;
    for (const id of [...stored.keys()]) {
      const entry = next.prompts[id];
      if (entry !== undefined && isTerminalStatus(entry.status)) continue;
      attempt(() => storage.removeItem(promptKey(gatewayKey, id)));
      stored.delete(id);
      indexChanged = true;
    }
    for (const id of next.order) {
      const entry = next.prompts[id];
      if (entry === undefined || entry === previous.prompts[id]) continue;
      if (!isTerminalStatus(entry.status)) continue;
      attempt(() =>
        storage.setItem(promptKey(gatewayKey, id), JSON.stringify(toStoredPrompt(entry))),
      );
      if (!stored.has(id)) indexChanged = true;
      stored.set(id, endedAtMs(entry));
    }
    if (stored.size > MAX_STORED_TIMELINE_PROMPTS) {
      const oldestFirst = [...stored.entries()].sort((left, right) => left[1] - right[1]);
      for (const [id] of oldestFirst.slice(0, stored.size - MAX_STORED_TIMELINE_PROMPTS)) {
        attempt(() => storage.removeItem(promptKey(gatewayKey, id)));
        stored.delete(id);
      }
      indexChanged = true;
    }
    if (indexChanged) {
      attempt(() => storage.setItem(indexKey(gatewayKey), JSON.stringify([...stored.keys()])));
    }
  };
  return { restored, diagnostics, sync };
}

function attemptRead(storage: DraftStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
