import type { Clock, TimerHandle } from "../gateway/clock";
import { FIXTURE_NOW_MS } from "./fixtures";

type Timer = { id: number; at: number; callback: () => void };

/** A clock driven by hand: its timers fire only inside `advance` or `set`. */
export type ManualClock = Clock & {
  /** Moves time forward by `ms`, firing every timer that falls due, earliest first. */
  advance(ms: number): void;
  /** Moves time to `atMs`, firing every timer that falls due, earliest first. */
  set(atMs: number): void;
  /** Moves time forward by `ms` without firing any timer (to observe lazy expiry). */
  jump(ms: number): void;
};

/** Creates a manual clock starting at `startMs` (the fixtures' "now" unless given). */
export function createManualClock(startMs = FIXTURE_NOW_MS): ManualClock {
  let now = startMs;
  let nextId = 0;
  let timers: Timer[] = [];
  const set = (atMs: number): void => {
    for (;;) {
      const due = timers.filter((timer) => timer.at <= atMs).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      timers = timers.filter((timer) => timer !== due);
      // A timer left overdue by `jump` fires at the current time: the clock never runs backwards while firing.
      now = Math.max(now, due.at);
      due.callback();
    }
    now = atMs;
  };
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
    advance: (ms) => set(now + ms),
    set,
    jump: (ms) => {
      now += ms;
    },
  };
}
