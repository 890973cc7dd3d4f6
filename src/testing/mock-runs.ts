/** A run the mock started for a `chat.send`: its idempotency key is its run id. */
type Run = { sessionKey: string; input: string; done: boolean; seq: number };

/** What a `chat.send` with an idempotency key already seen gets. */
export type RunRepeat =
  | { kind: "new" }
  /** The same input again: no second message; the first run's state. */
  | { kind: "repeat"; status: "in_flight" | "ok" }
  /** Other input under a used key: refused. */
  | { kind: "conflict" };

/** Runs by id: idempotent `chat.send`, each run's `chat` event sequence, and which are active. */
export type RunTracker = {
  check(runId: string, input: string): RunRepeat;
  start(runId: string, sessionKey: string, input: string): void;
  /** The next `seq` of the run's `chat` events (1 for a run the mock did not start). */
  nextSeq(runId: string): number;
  /** Ends the run; false when it was unknown or had already ended. */
  finish(runId: string): boolean;
  sessionOf(runId: string): string | undefined;
  activeIn(sessionKey: string): string[];
  reset(): void;
};

/** Creates an empty run tracker. */
export function createRunTracker(): RunTracker {
  const runs = new Map<string, Run>();
  return {
    check: (runId, input) => {
      const run = runs.get(runId);
      if (run === undefined) return { kind: "new" };
      if (run.input !== input) return { kind: "conflict" };
      return { kind: "repeat", status: run.done ? "ok" : "in_flight" };
    },
    start: (runId, sessionKey, input) => {
      runs.set(runId, { sessionKey, input, done: false, seq: 0 });
    },
    nextSeq: (runId) => {
      const run = runs.get(runId);
      if (run === undefined) return 1;
      run.seq += 1;
      return run.seq;
    },
    finish: (runId) => {
      const run = runs.get(runId);
      if (run === undefined || run.done) return false;
      run.done = true;
      return true;
    },
    sessionOf: (runId) => runs.get(runId)?.sessionKey,
    activeIn: (sessionKey) =>
      [...runs.entries()]
        .filter(([, run]) => run.sessionKey === sessionKey && !run.done)
        .map(([runId]) => runId),
    reset: () => runs.clear(),
  };
}
