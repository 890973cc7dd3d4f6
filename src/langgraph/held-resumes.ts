import { isRecord } from "../protocol/parse-support";
import type { DraftStorage } from "../store/types";

/**
 * Resume values answered in the dock and not yet sent, by interrupt id, kept in storage. Several
 * interrupts pending at one checkpoint are resumed together: a graph resumed for one of them
 * lists the others and that one again until the step ends, so the answered one would dock anew
 * after a reload, and a second answer to it would be silently dropped by the server.
 */
export function createHeldResumes(storage: DraftStorage | null, key: string) {
  let held = new Map<string, unknown>();
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
    if (isRecord(parsed)) held = new Map(Object.entries(parsed));
  } catch {
    held = new Map();
  }
  const save = (): void => {
    try {
      if (held.size === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(Object.fromEntries(held)));
    } catch {
      // Storage full or blocked: a reload then asks an answered question again, nothing is lost.
    }
  };
  return {
    has: (id: string): boolean => held.has(id),
    ids: (): string[] => [...held.keys()],
    get: (id: string): unknown => held.get(id),
    hold(id: string, value: unknown): void {
      held.set(id, value);
      save();
    },
    release(ids: Iterable<string>): void {
      for (const id of ids) held.delete(id);
      save();
    },
  };
}
