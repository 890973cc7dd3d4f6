import type { DraftStorage, PromptEntry, QuestionStoreState } from "./types";

/** Which prompts a shelf keeps in storage, how it reads them back, and how many it keeps. */
export type ShelfRules = {
  /** Prefix of the shelf's storage keys. */
  prefix: string;
  /** Names a stored item in diagnostics ("timeline entry"). */
  noun: string;
  /** At most this many are kept; the lowest `rank` is evicted first. */
  max: number;
  holds(entry: PromptEntry): boolean;
  rank(entry: PromptEntry): number;
  parse(value: unknown): { ok: true; entry: PromptEntry } | { ok: false; reason: string };
  toStored(entry: PromptEntry): unknown;
};

/** Prompts restored from storage, and the shelf's storage kept in step with the store. */
export type PromptShelf = {
  /** Prompts an earlier page of the same gateway stored, lowest rank first. */
  readonly restored: readonly PromptEntry[];
  /** Why stored items were dropped (malformed). */
  readonly diagnostics: readonly string[];
  /** Stores changed prompts the shelf holds, removes the others, keeps only the highest ranked. */
  sync(previous: QuestionStoreState, next: QuestionStoreState): void;
};

function parseStoredText(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function attemptRead(storage: DraftStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function attempt(write: () => void): void {
  try {
    write();
  } catch {
    // A full or blocked storage only costs the reload feature; the in-memory state stays.
  }
}

/** Restores and persists the prompts `rules` hold, under keys made of `gatewayKey` and the prompt id. */
export function createPromptShelf(
  storage: DraftStorage | null,
  gatewayKey: string,
  rules: ShelfRules,
): PromptShelf {
  const itemKey = (id: string) => `${rules.prefix}:${gatewayKey}:${id}`;
  // Storage cannot be enumerated through the Pick<> we accept, so an index lists the stored ids.
  const indexKey = `${rules.prefix}-index:${gatewayKey}`;
  // Id -> rank, for eviction of the lowest.
  const stored = new Map<string, number>();
  const restored: PromptEntry[] = [];
  const diagnostics: string[] = [];
  const writeIndex = (target: DraftStorage) =>
    attempt(() => target.setItem(indexKey, JSON.stringify([...stored.keys()])));

  if (storage !== null) {
    const ids = readIndex(storage, indexKey);
    for (const id of ids) {
      const parsed = rules.parse(parseStoredText(attemptRead(storage, itemKey(id))));
      if (parsed.ok && parsed.entry.id === id) {
        restored.push(parsed.entry);
        stored.set(id, rules.rank(parsed.entry));
        continue;
      }
      const reason = parsed.ok ? "its id does not match its key" : parsed.reason;
      diagnostics.push(`dropped a malformed stored ${rules.noun} '${id}': ${reason}`);
      attempt(() => storage.removeItem(itemKey(id)));
    }
    if (stored.size !== ids.length) writeIndex(storage);
  }
  restored.sort((left, right) => rules.rank(left) - rules.rank(right));

  const sync = (previous: QuestionStoreState, next: QuestionStoreState): void => {
    if (storage === null || previous.prompts === next.prompts) return;
    let indexChanged = false;
    for (const id of [...stored.keys()]) {
      const entry = next.prompts[id];
      if (entry !== undefined && rules.holds(entry)) continue;
      attempt(() => storage.removeItem(itemKey(id)));
      stored.delete(id);
      indexChanged = true;
    }
    for (const id of next.order) {
      const entry = next.prompts[id];
      if (entry === undefined || entry === previous.prompts[id] || !rules.holds(entry)) continue;
      attempt(() => storage.setItem(itemKey(id), JSON.stringify(rules.toStored(entry))));
      if (!stored.has(id)) indexChanged = true;
      stored.set(id, rules.rank(entry));
    }
    if (stored.size > rules.max) {
      const lowestFirst = [...stored.entries()].sort((left, right) => left[1] - right[1]);
      for (const [id] of lowestFirst.slice(0, stored.size - rules.max)) {
        attempt(() => storage.removeItem(itemKey(id)));
        stored.delete(id);
      }
      indexChanged = true;
    }
    if (indexChanged) writeIndex(storage);
  };
  return { restored, diagnostics, sync };
}

function readIndex(storage: DraftStorage, indexKey: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(indexKey) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}
