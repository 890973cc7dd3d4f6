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

/** True when the write went through. */
function attempt(write: () => void): boolean {
  try {
    write();
    return true;
  } catch {
    // A full or blocked storage only costs the reload feature; the in-memory state stays.
    return false;
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

  /** Forgets a stored item; true when the index must be written again. */
  const forget = (target: DraftStorage, id: string): boolean => {
    attempt(() => target.removeItem(itemKey(id)));
    return stored.delete(id);
  };

  /** Removes the prompts the shelf no longer holds; true when the index changed. */
  const releaseEnded = (target: DraftStorage, next: QuestionStoreState): boolean => {
    let indexChanged = false;
    for (const id of [...stored.keys()]) {
      const entry = next.prompts.get(id);
      if (entry !== undefined && rules.holds(entry)) continue;
      indexChanged = forget(target, id) || indexChanged;
    }
    return indexChanged;
  };

  const changedHeld = (previous: QuestionStoreState, next: QuestionStoreState): PromptEntry[] =>
    next.order
      .map((id) => next.prompts.get(id))
      .filter(
        (entry): entry is PromptEntry =>
          entry !== undefined && entry !== previous.prompts.get(entry.id) && rules.holds(entry),
      );

  /**
   * Evicts the lowest ranked of the stored and the changed prompts down to the maximum, before
   * anything is written, so a full storage never costs the newest. Returns the evicted ids.
   */
  const evictBeyondMax = (changed: readonly PromptEntry[]): Set<string> => {
    const ranks = new Map(stored);
    for (const entry of changed) ranks.set(entry.id, rules.rank(entry));
    if (ranks.size <= rules.max) return new Set();
    const lowestFirst = [...ranks.entries()].sort((left, right) => left[1] - right[1]);
    return new Set(lowestFirst.slice(0, ranks.size - rules.max).map(([id]) => id));
  };

  /**
   * Writes one prompt; true when the index changed. A failed write removes the item instead: a
   * missing prompt is found again by hydration, an older version would restore a wrong state.
   */
  const write = (target: DraftStorage, entry: PromptEntry): boolean => {
    const text = JSON.stringify(rules.toStored(entry));
    if (!attempt(() => target.setItem(itemKey(entry.id), text))) return forget(target, entry.id);
    const added = !stored.has(entry.id);
    stored.set(entry.id, rules.rank(entry));
    return added;
  };

  const sync = (previous: QuestionStoreState, next: QuestionStoreState): void => {
    if (storage === null || previous.prompts === next.prompts) return;
    let indexChanged = releaseEnded(storage, next);
    const changed = changedHeld(previous, next);
    const evicted = evictBeyondMax(changed);
    for (const id of evicted) indexChanged = forget(storage, id) || indexChanged;
    for (const entry of changed) {
      if (!evicted.has(entry.id)) indexChanged = write(storage, entry) || indexChanged;
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
