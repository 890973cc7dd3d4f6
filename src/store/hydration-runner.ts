import type { Clock, TimerHandle } from "../gateway/clock";
import type { QuestionAction } from "./actions";
import { HYDRATION_RETRY_DELAYS_MS, HYDRATION_RETRY_INTERVAL_MS } from "./constants";
import { fetchReadableOutcome } from "./fetch-outcome";
import type { QuestionSource } from "./question-source";
import { idsToVerify } from "./reduce-hydration";
import type { QuestionStoreState } from "./types";

/** What the hydration runner needs from the store. */
export type HydrationDeps = {
  api: QuestionSource;
  clock: Clock;
  getState(): QuestionStoreState;
  dispatch(action: QuestionAction): void;
  /** Called once a hydration of this connection completed (queued answers may go out now). */
  onHydrated(connectionId: number): void;
};

/** Rebuilds the question state after each (re)connect; retries 1 s, 2 s, then every 4 s. */
export type HydrationRunner = { begin(connectionId: number): void; cancel(): void };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function retryDelay(attempt: number): number {
  return HYDRATION_RETRY_DELAYS_MS[attempt - 1] ?? HYDRATION_RETRY_INTERVAL_MS;
}

/** Runs spec section 6: list, then get for what the list omitted and for orphan resolutions. */
export function createHydrationRunner(deps: HydrationDeps): HydrationRunner {
  let current = 0;
  let timer: TimerHandle | null = null;

  const isStale = (connectionId: number): boolean =>
    connectionId !== current || deps.api.client.getConnectionId() !== connectionId;

  const clearTimer = (): void => {
    if (timer !== null) deps.clock.clearTimeout(timer);
    timer = null;
  };

  const verify = async (connectionId: number, id: string): Promise<void> => {
    const outcome = await fetchReadableOutcome(deps.api, id);
    if (isStale(connectionId)) return;
    const atMs = deps.clock.now();
    deps.dispatch({ type: "hydration-fetched", connectionId, id, outcome, atMs });
  };

  const attempt = async (connectionId: number, attemptNumber: number): Promise<void> => {
    timer = null;
    if (isStale(connectionId)) return;
    deps.dispatch({ type: "hydration-started", connectionId, attempt: attemptNumber });
    try {
      const diagnostics: string[] = [];
      const records = await deps.api.list({ onDiagnostic: (line) => diagnostics.push(line) });
      if (isStale(connectionId)) return;
      deps.dispatch({
        type: "hydration-listed",
        connectionId,
        records,
        atMs: deps.clock.now(),
        diagnostics,
      });
      const listed = new Set(records.map((record) => record.id));
      const ids = idsToVerify(deps.getState(), listed);
      await Promise.all(ids.map((id) => verify(connectionId, id)));
      if (isStale(connectionId)) return;
      deps.dispatch({ type: "hydration-finished", connectionId });
      deps.onHydrated(connectionId);
    } catch (error) {
      if (isStale(connectionId)) return;
      deps.dispatch({
        type: "hydration-failed",
        connectionId,
        attempt: attemptNumber,
        message: messageOf(error),
      });
      timer = deps.clock.setTimeout(() => {
        void attempt(connectionId, attemptNumber + 1);
      }, retryDelay(attemptNumber));
    }
  };

  return {
    begin: (connectionId) => {
      clearTimer();
      current = connectionId;
      void attempt(connectionId, 1);
    },
    cancel: () => {
      clearTimer();
      current = 0;
    },
  };
}
