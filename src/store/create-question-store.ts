import { createStore, type StoreApi } from "zustand/vanilla";
import type { Clock, TimerHandle } from "../gateway/clock";
import type { ConnectionState } from "../gateway/types";
import { parseReplyRefusal } from "../protocol/chat-reply";
import type { QuestionAction } from "./actions";
import { DEFAULT_STORE_TICK_INTERVAL_MS } from "./constants";
import { defaultDraftStorage } from "./default-storage";
import { createHydrationRunner } from "./hydration-runner";
import { createInitialState, withRestored } from "./initial-state";
import { persistencePart, submissionPart } from "./lazy-parts";
import type { QuestionSource } from "./question-source";
import { reduceQuestionBatch } from "./reducer";
import { createResolverLookup } from "./resolver-lookup";
import { scopeKey } from "./scope";
import type { SubmissionRunner } from "./submission-runner";
import type { DraftStorage, QuestionStore } from "./types";

/** Options of `createQuestionStore`. */
export type QuestionStoreOptions = {
  /** Where questions come from and answers go: `createQuestionApi(client)` for an OpenClaw gateway. */
  api: QuestionSource;
  /** Defaults to the client's clock. */
  clock?: Clock;
  /** Where drafts, waiting prompts (with what was sent) and ended prompts (the timeline) survive a reload; defaults to sessionStorage, `null` keeps them in memory only. */
  storage?: DraftStorage | null;
  /** Names the gateway in storage keys (e.g. its URL). */
  gatewayKey: string;
  tickIntervalMs?: number;
};

/** Creates the question store (zustand vanilla); call `start()` to follow the client. */
export function createQuestionStore(options: QuestionStoreOptions): StoreApi<QuestionStore> {
  const { api, gatewayKey } = options;
  const clock = options.clock ?? api.client.clock;
  const tickIntervalMs = options.tickIntervalMs ?? DEFAULT_STORE_TICK_INTERVAL_MS;
  const storage = options.storage === undefined ? defaultDraftStorage() : options.storage;
  // Read at once when the storage part has loaded (any store made after the page's first); else
  // read once it loads, and the store starts after that: hydration must see what was stored.
  const persistence =
    storage === null
      ? null
      : (persistencePart.loaded()?.createStorePersistence(storage, gatewayKey) ?? null);
  let restoring = storage !== null && persistence === null;
  let startWhenRestored = false;
  let storageRetry: Promise<void> | null = null;
  let unsubscribers: Array<() => void> = [];
  let tickTimer: TimerHandle | null = null;
  let queuedEvents: QuestionAction[] = [];
  let hydratedConnectionId: number | null = null;
  // The client measures the gateway's clock offset when it connects; until then it reads 0.
  let offsetKnown = false;

  const store: StoreApi<QuestionStore> = createStore<QuestionStore>()((set, get) => {
    const applyAll = (actions: readonly QuestionAction[]): void => {
      if (actions.length > 0) set((state) => reduceQuestionBatch(state, actions), true);
    };
    // Gateway events arriving in one burst are applied as one batch: one copy, one notification.
    const flushEvents = (): void => {
      const events = queuedEvents;
      queuedEvents = [];
      applyAll(events);
    };
    const enqueueEvent = (action: QuestionAction): void => {
      if (queuedEvents.length === 0) queueMicrotask(flushEvents);
      queuedEvents.push(action);
    };
    const dispatch = (action: QuestionAction): void => {
      flushEvents();
      applyAll([action]);
    };
    const deps = { api, now: () => clock.now(), getState: get, dispatch };
    let runner: SubmissionRunner | null = null;
    /** Runs `send` with the submission part, at once when it has loaded (as it has by then). */
    const withRunner = (
      send: (runner: SubmissionRunner) => Promise<void>,
      promptId: string | null,
    ): Promise<void> => {
      const loaded = submissionPart.loaded();
      if (loaded !== null) {
        runner ??= loaded.createSubmissionRunner(deps);
        return send(runner);
      }
      return submissionPart.load().then(
        (module) => {
          runner ??= module.createSubmissionRunner(deps);
          return send(runner);
        },
        (error: unknown) => {
          // Nothing went out: the answer stays in the dock, which says why and offers Retry.
          if (promptId === null) return;
          const reason = error instanceof Error ? error.message : String(error);
          const message = `part of this page did not load (${reason}); check the connection and try again`;
          dispatch({
            type: "submit-invalid",
            promptId,
            error: { questionId: null, code: "UNAVAILABLE", reason: null, message },
          });
        },
      );
    };
    const submission = {
      submit: (promptId: string) => withRunner((loaded) => loaded.submit(promptId), promptId),
      skip: (promptId: string) => withRunner((loaded) => loaded.skip(promptId), promptId),
      retry: (promptId: string) => withRunner((loaded) => loaded.retry(promptId), promptId),
      // Queued answers that cannot go out now stay queued for the next hydration.
      flushQueued: () => withRunner((loaded) => loaded.flushQueued(), null),
    };
    const resolvers = createResolverLookup({ api, getState: get, dispatch });
    const hydration = createHydrationRunner({
      api,
      clock,
      getState: get,
      dispatch,
      onHydrated: () => void submission.flushQueued(),
    });
    const onConnection = (connection: ConnectionState): void => {
      if (connection.status === "connected") offsetKnown = true;
      dispatch({
        type: "connection-changed",
        connection,
        clockOffsetMs: api.client.getClockOffsetMs(),
      });
      if (connection.status !== "connected") {
        hydratedConnectionId = null;
        hydration.cancel();
      } else if (connection.connectionId !== hydratedConnectionId) {
        hydratedConnectionId = connection.connectionId;
        hydration.begin(connection.connectionId);
      }
    };
    const tick = (): void => {
      dispatch({ type: "clock-ticked", nowMs: clock.now(), offsetKnown });
      tickTimer = clock.setTimeout(tick, tickIntervalMs);
    };

    return {
      ...createInitialState(clock.now(), persistence?.drafts, persistence?.restored),
      ...(api.answerCheck === undefined
        ? {}
        : { answerCheckOf: (promptId: string) => api.answerCheck?.(promptId) }),
      start: () => {
        if (restoring) {
          startWhenRestored = true;
          return;
        }
        if (unsubscribers.length > 0) return;
        // Loaded while the page starts, so an answer goes out the moment it is given.
        submissionPart.load().catch(() => undefined);
        const atMs = () => clock.now();
        unsubscribers = [
          api.onRequested((record) =>
            enqueueEvent({ type: "question-requested", record, atMs: atMs() }),
          ),
          api.onResolved((event) => {
            enqueueEvent({ type: "question-resolved", event, atMs: atMs() });
            const id = (event as { id?: unknown } | null)?.id;
            // Queued after the flush above: runs once the resolution is applied.
            if (typeof id === "string") queueMicrotask(() => resolvers.check(id));
          }),
          ...(api.onResults === undefined
            ? []
            : [
                api.onResults(({ id, results }) =>
                  enqueueEvent({ type: "results-learned", id, results }),
                ),
              ]),
          api.client.subscribe((event) => {
            if (event.type === "state") onConnection(event.state);
            else if (event.frame.event === "chat") {
              const refusal = parseReplyRefusal(event.frame.payload);
              if (refusal !== null) enqueueEvent({ type: "reply-refused", refusal, atMs: atMs() });
            }
          }),
        ];
        onConnection(api.client.getState());
        tick();
      },
      stop: () => {
        startWhenRestored = false;
        for (const unsubscribe of unsubscribers) unsubscribe();
        unsubscribers = [];
        hydration.cancel();
        if (tickTimer !== null) clock.clearTimeout(tickTimer);
        tickTimer = null;
        hydratedConnectionId = null;
        flushEvents();
      },
      chooseOption: (promptId, questionId, label) =>
        dispatch({ type: "option-chosen", promptId, questionId, label }),
      toggleOption: (promptId, questionId, label) =>
        dispatch({ type: "option-toggled", promptId, questionId, label }),
      setOtherText: (promptId, questionId, text) =>
        dispatch({ type: "other-text-set", promptId, questionId, text }),
      chooseOther: (promptId, questionId) =>
        dispatch({ type: "other-chosen", promptId, questionId }),
      goToStep: (promptId, step) => dispatch({ type: "step-set", promptId, step }),
      leaveQuestions: (promptId, questionIds) =>
        dispatch({ type: "questions-left", promptId, questionIds }),
      submit: (promptId) => submission.submit(promptId),
      skip: (promptId) => submission.skip(promptId),
      retry: (promptId) => submission.retry(promptId),
      setActivePrompt: (scope, promptId) =>
        dispatch({ type: "active-prompt-set", scopeKey: scopeKey(scope), promptId }),
      setExpanded: (scope, expanded) =>
        dispatch({ type: "expanded-set", scopeKey: scopeKey(scope), expanded }),
      forget: (promptId) => dispatch({ type: "prompt-forgotten", promptId }),
      reopen: async (promptId) => {
        dispatch({ type: "prompt-reopened", promptId });
        // It may have been answered elsewhere or gone stale while it was dismissed.
        const record = await api.get(promptId).catch(() => null);
        if (record !== null && record.status !== "pending")
          dispatch({ type: "question-requested", record, atMs: clock.now() });
      },
      openUrl: async (promptId) => {
        const entry = get().prompts.get(promptId);
        if (entry?.status !== "pending" || entry.record.questions[0]?.openUrl === undefined) return;
        dispatch({ type: "url-opened", promptId, atMs: clock.now() });
        if (entry.openedAtMs === undefined) await api.openUrl?.(promptId);
      },
      retryStorage: (): Promise<void> => {
        if (storage === null || get().storageFailure === null) return Promise.resolve();
        storageRetry ??= attachStorage(store, storage, gatewayKey).finally(() => {
          storageRetry = null;
          const connection = api.client.getState();
          // What an earlier page left (a waiting prompt, a queued answer) is checked again.
          if (get().storageFailure === null && unsubscribers.length > 0) {
            if (connection.status === "connected") hydration.begin(connection.connectionId);
          }
        });
        return storageRetry;
      },
      retrySource: async () => api.parts?.retry(),
    };
  });
  const parts = api.parts;
  if (parts !== undefined) {
    const sync = () => store.setState({ sourceFailure: parts.failure() });
    parts.subscribe(sync);
    sync();
  }
  if (persistence !== null) store.subscribe((next, previous) => persistence.sync(previous, next));
  else if (storage !== null) {
    void attachStorage(store, storage, gatewayKey).finally(() => {
      restoring = false;
      if (startWhenRestored) store.getState().start();
    });
  }
  return store;
}

/**
 * Reads storage once the storage part has loaded, and keeps it in step from then on. Should the
 * part not load, the store says so (`storageFailure`) and keeps its drafts in memory; storage is
 * left as it was, for a later page, until `retryStorage()` loads the part.
 */
function attachStorage(
  store: StoreApi<QuestionStore>,
  storage: DraftStorage,
  gatewayKey: string,
): Promise<void> {
  return persistencePart.load().then(
    (module) => {
      const late = module.createStorePersistence(storage, gatewayKey);
      const before = store.getState();
      store.setState((state) => ({
        ...withRestored(state, late.drafts, late.restored),
        storageFailure: null,
      }));
      // After a failed load the page went on without storage: what it holds now is written.
      if (before.storageFailure !== null) late.sync(createInitialState(0), store.getState());
      store.subscribe((next, previous) => late.sync(previous, next));
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      const diagnostic = `drafts and prompts are not kept across a reload: the storage part did not load (${reason})`;
      store.setState((state) => ({
        storageFailure: reason,
        diagnostics: [...state.diagnostics, diagnostic],
      }));
    },
  );
}
