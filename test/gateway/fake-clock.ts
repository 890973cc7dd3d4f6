import type { Clock, TimerHandle } from "../../src/gateway/clock";

type Timer = { id: number; at: number; callback: () => void };

/** A manual clock: timers fire only when the test advances time. */
export type FakeClock = Clock & {
  advance(ms: number): void;
  pendingDelays(): number[];
};

export function createFakeClock(startMs = 1_700_000_000_000): FakeClock {
  let now = startMs;
  let nextId = 0;
  let timers: Timer[] = [];
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      nextId += 1;
      timers.push({ id: nextId, at: now + ms, callback });
      return nextId as TimerHandle;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    advance: (ms) => {
      const target = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = target;
    },
    pendingDelays: () => timers.map((timer) => timer.at - now).sort((a, b) => a - b),
  };
}
