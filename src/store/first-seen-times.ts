import type { DraftStorage } from "./types";

/** First-seen times by tool call id, kept in storage; a failing storage keeps them in memory. */
export function createFirstSeenTimes(storage: DraftStorage | null, key: string) {
  let times: Record<string, number> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      for (const [id, value] of Object.entries(parsed))
        if (typeof value === "number" && Number.isFinite(value)) times[id] = value;
    }
  } catch {
    times = {};
  }
  const save = (): void => {
    try {
      if (Object.keys(times).length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(times));
    } catch {
      // Storage full or blocked: the deadline restarts after a reload, nothing else is lost.
    }
  };
  return {
    seen(id: string, nowMs: number): number {
      const known = times[id];
      if (known !== undefined) return known;
      times = { ...times, [id]: nowMs };
      save();
      return nowMs;
    },
    forget(id: string): void {
      if (times[id] === undefined) return;
      const { [id]: _gone, ...rest } = times;
      times = rest;
      save();
    },
  };
}
