import { isRecord } from "../protocol/parse-support";
import type { QuestionResolvedEvent } from "../protocol/types";
import type { DraftStorage } from "../store/types";

/** `localStorage` when the host has one (shared by the page's tabs), else null. */
export function defaultSharedStorage(): DraftStorage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

/** Most answers one thread's ledger keeps; older ones are long sent. */
const MAX_ENTRIES = 100;

type Entry = { by: string; outcome: QuestionResolvedEvent };

/**
 * Which of a thread's calls and interrupts some tab of the page has answered, kept in storage the
 * tabs share. An AG-UI server takes a second answer to an interrupt as a new one (the agent acts
 * twice), and a tab's copy of the thread cannot tell it was answered elsewhere: the first tab to
 * claim an id sends, every other refuses and shows that tab's answer.
 */
export function createAnsweredLedger(storage: DraftStorage | null, key: string) {
  const me = Math.random().toString(36).slice(2);
  const read = (): Record<string, Entry> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
      return isRecord(parsed) ? (parsed as Record<string, Entry>) : {};
    } catch {
      return {};
    }
  };
  const write = (entries: Record<string, Entry>): void => {
    try {
      const kept = Object.entries(entries).slice(-MAX_ENTRIES);
      storage?.setItem(key, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // Storage full or blocked: this tab still never sends twice; other tabs cannot tell.
    }
  };
  return {
    /** How another tab answered `id`, or undefined when no other tab has. */
    elsewhere(id: string): QuestionResolvedEvent | undefined {
      const entry = read()[id];
      return entry !== undefined && entry.by !== me ? entry.outcome : undefined;
    },
    /** Claims the ids for this tab; the ids another tab claimed first are returned, unclaimed. */
    claim(outcomes: readonly QuestionResolvedEvent[]): string[] {
      const entries = read();
      const taken = outcomes.filter((outcome) => {
        const entry = entries[outcome.id];
        return entry !== undefined && entry.by !== me;
      });
      for (const outcome of outcomes)
        if (!taken.includes(outcome)) entries[outcome.id] = { by: me, outcome };
      write(entries);
      return taken.map((outcome) => outcome.id);
    },
    /** Gives the ids back: their send failed, another tab may answer them. */
    release(ids: readonly string[]): void {
      const entries = read();
      for (const id of ids) if (entries[id]?.by === me) delete entries[id];
      write(entries);
    },
  };
}
