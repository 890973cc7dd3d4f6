import type { Clock, TimerHandle } from "../../src/gateway/clock";

type Timer = { id: number; at: number; callback: () => void };

/** A clock driven by the test: timers fire only inside `advance`. */
export type ManualClock = Clock & {
  advance(ms: number): void;
  /** Moves time without firing any timer (to observe lazy expiry). */
  jump(ms: number): void;
};

/** Creates a manual clock starting at `startMs`. */
export function createManualClock(startMs = Date.UTC(2026, 8, 6, 12)): ManualClock {
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
        if (due === undefined) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = target;
    },
    jump: (ms) => {
      now += ms;
    },
  };
}

/** Lets pending socket I/O run. */
export function flushIo(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
