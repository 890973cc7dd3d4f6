import { type Clock, systemClock, type TimerHandle } from "../gateway/clock";
import { GatewayRequestError } from "../gateway/errors";
import type { ConnectionState, GatewayClientEvent } from "../gateway/types";
import type {
  QuestionAnswers,
  QuestionRecord,
  QuestionResolvedEvent,
  ResolveResult,
} from "../protocol/types";
import type { AnswerCheck, QuestionSource } from "./question-source";
import type { PromptResult } from "./types";

/** Where a local question's answer goes: the agent stack's own way to resume the agent. */
export type LocalQuestionHandlers = {
  /** Delivers the answers; a rejection shows in the dock as a failed send the user can retry. */
  answer(answers: QuestionAnswers): void | PromiseLike<void>;
  /** The user skipped. */
  decline(): void | PromiseLike<void>;
  /** The deadline passed with no answer. */
  expire(): void | PromiseLike<void>;
  /** The user opened the question's URL (a question with `openUrl`); it stays pending until settled. */
  open?(): void | PromiseLike<void>;
};

/** Options of `LocalQuestionSource.ask`. */
export type LocalAskOptions = {
  /** Checks the answers beyond the kit's field rules (an MCP form's schema); see `AnswerCheck`. */
  check?: AnswerCheck;
};

/**
 * A question source for an agent stack that lives in the page (or reaches it through the host):
 * the adapter `ask`s with a record and the handlers that resume its agent, and `settle`s a question
 * that ended some other way. Answers, skips and the deadline go to the handlers, once each.
 */
export type LocalQuestionSource = QuestionSource & {
  /** A new pending question; an id already known is left as it is. */
  ask(record: QuestionRecord, handlers: LocalQuestionHandlers, options?: LocalAskOptions): void;
  /**
   * A question that ended outside the dock (answered in another tab, cancelled by the agent).
   * Once ended it stays so, but for a URL step that ended without an answer (Stop waiting, the
   * deadline): settled `answered` later, the visit is then known to have finished. Settled while
   * a send is in its handler, it ends so only if that send fails (the question had ended).
   */
  settle(event: QuestionResolvedEvent): void;
  /** True once `ask` has seen the id, whatever became of it. */
  has(id: string): boolean;
  /**
   * Says what became of an ended question's answers (`QuestionSource.onResults`); a later report
   * replaces an earlier one. Also for a question asked before a reload, which the store restored.
   */
  report(id: string, results: PromptResult[]): void;
  /** The source is ready: the store lists its questions, may send, and deadlines run. */
  open(): void;
  /** Stops the deadlines until the next `open` (a component unmounted, maybe to mount again). */
  close(): void;
};

type Local = {
  record: QuestionRecord;
  handlers: LocalQuestionHandlers;
  timer: TimerHandle | null;
  check: AnswerCheck | undefined;
  /**
   * While a send is in its handler (else undefined): how the question ended elsewhere meanwhile,
   * which holds should the send fail.
   */
  meanwhile?: QuestionResolvedEvent | null | undefined;
};

const CONNECTION_ID = 1;

function notFound(method: string, id: string): GatewayRequestError {
  return new GatewayRequestError(method, {
    code: "INVALID_REQUEST",
    message: `no question '${id}'`,
    details: { reason: "QUESTION_NOT_FOUND" },
  });
}

function alreadyEnded(method: string, record: QuestionRecord): GatewayRequestError {
  return new GatewayRequestError(method, {
    code: "INVALID_REQUEST",
    message: `question '${record.id}' is already ${record.status}`,
    details: { reason: "QUESTION_ALREADY_TERMINAL" },
  });
}

/** What a question that ended elsewhere becomes. */
function settledRecord(event: QuestionResolvedEvent): Partial<QuestionRecord> {
  return event.status === "answered"
    ? { status: "answered", answers: event.answers }
    : { status: event.status };
}

/** Creates a local source; `name` shows where a gateway would show its server version. */
export function createLocalQuestionSource(
  options: { name?: string; clock?: Clock | undefined } = {},
): LocalQuestionSource {
  const clock = options.clock ?? systemClock;
  const locals = new Map<string, Local>();
  const requested = new Set<(record: unknown, connectionId: number) => void>();
  const resolved = new Set<(event: unknown, connectionId: number) => void>();
  const subscribers = new Set<(event: GatewayClientEvent) => void>();
  const reported = new Set<(event: { id: string; results: PromptResult[] }) => void>();
  let state: ConnectionState = { status: "idle" };

  const connected: ConnectionState = {
    status: "connected",
    connectionId: CONNECTION_ID,
    clockOffsetMs: 0,
    hello: {
      type: "hello-ok",
      protocol: 4,
      server: { version: options.name ?? "local", connId: "local" },
      features: { methods: [], events: [] },
      auth: { role: "operator", scopes: [] },
      policy: { maxPayload: 0, maxBufferedBytes: 0, tickIntervalMs: 0 },
    },
  };

  const stopTimer = (local: Local): void => {
    if (local.timer !== null) clock.clearTimeout(local.timer);
    local.timer = null;
  };

  /** Ends a pending question here; false when it had already ended. */
  const end = (local: Local, next: Partial<QuestionRecord>): boolean => {
    if (local.record.status !== "pending") return false;
    stopTimer(local);
    local.record = { ...local.record, ...next };
    return true;
  };

  const emitResolved = (event: QuestionResolvedEvent): void => {
    for (const listener of [...resolved]) listener(event, CONNECTION_ID);
  };

  const expire = (local: Local): void => {
    local.timer = null;
    if (!end(local, { status: "expired" })) return;
    emitResolved({ id: local.record.id, status: "expired" });
    void Promise.resolve()
      .then(() => local.handlers.expire())
      .catch(() => undefined);
  };

  const arm = (local: Local): void => {
    if (state.status !== "connected" || local.record.status !== "pending") return;
    stopTimer(local);
    const delay = Math.max(0, local.record.expiresAtMs - clock.now());
    local.timer = clock.setTimeout(() => expire(local), delay);
  };

  /** Sends through a handler; the record ends first so the deadline cannot fire meanwhile. */
  const send = async (
    method: string,
    id: string,
    next: Partial<QuestionRecord>,
    deliver: (handlers: LocalQuestionHandlers) => void | PromiseLike<void>,
  ): Promise<QuestionRecord> => {
    const local = locals.get(id);
    if (local === undefined) throw notFound(method, id);
    const before = local.record;
    if (!end(local, next)) throw alreadyEnded(method, before);
    local.meanwhile = null;
    try {
      await deliver(local.handlers);
      return local.record;
    } catch (error) {
      local.record = before;
      const { meanwhile } = local;
      // The send failed because the question had ended elsewhere: it ends so here too.
      if (meanwhile) {
        if (end(local, settledRecord(meanwhile))) emitResolved(meanwhile);
      } else arm(local);
      throw error;
    } finally {
      local.meanwhile = undefined;
    }
  };

  return {
    client: {
      getState: () => state,
      subscribe: (listener) => {
        subscribers.add(listener);
        return () => subscribers.delete(listener);
      },
      getConnectionId: () => (state.status === "connected" ? CONNECTION_ID : 0),
      getClockOffsetMs: () => 0,
      clock,
    },
    list: async () =>
      [...locals.values()].map((local) => local.record).filter((r) => r.status === "pending"),
    get: async (id) => {
      const local = locals.get(id);
      if (local === undefined) throw notFound("question.get", id);
      return local.record;
    },
    resolve: async (id, answers): Promise<ResolveResult> => {
      await send("question.resolve", id, { status: "answered", answers, resolvedBy: "web" }, (h) =>
        h.answer(answers),
      );
      return { status: "answered", answers };
    },
    cancel: async (id): Promise<ResolveResult> => {
      await send("question.cancel", id, { status: "cancelled", resolvedBy: "web" }, (h) =>
        h.decline(),
      );
      return { status: "cancelled" };
    },
    onRequested: (listener) => {
      requested.add(listener);
      return () => requested.delete(listener);
    },
    onResolved: (listener) => {
      resolved.add(listener);
      return () => resolved.delete(listener);
    },
    answerCheck: (id) => locals.get(id)?.check,
    ask: (record, handlers, askOptions = {}) => {
      if (locals.has(record.id)) return;
      const local: Local = { record, handlers, timer: null, check: askOptions.check };
      locals.set(record.id, local);
      if (record.status !== "pending") return;
      arm(local);
      for (const listener of [...requested]) listener(record, CONNECTION_ID);
    },
    settle: (event) => {
      const local = locals.get(event.id);
      if (local === undefined) return;
      if (local.meanwhile !== undefined) {
        local.meanwhile = event;
        return;
      }
      const next = settledRecord(event);
      // A URL step that ended here unanswered (Stop waiting, the deadline), reported done after all.
      const late =
        local.record.status !== "pending" &&
        local.record.status !== "answered" &&
        event.status === "answered" &&
        local.record.questions[0]?.openUrl !== undefined;
      if (late) local.record = { ...local.record, ...next };
      if (late || end(local, next)) emitResolved(event);
    },
    has: (id) => locals.has(id),
    onResults: (listener) => {
      reported.add(listener);
      return () => reported.delete(listener);
    },
    report: (id, results) => {
      for (const listener of [...reported]) listener({ id, results });
    },
    openUrl: async (id) => {
      const local = locals.get(id);
      if (local?.record.status !== "pending") return;
      await Promise.resolve()
        .then(() => local.handlers.open?.())
        .catch(() => undefined);
    },
    open: () => {
      if (state.status === "connected") return;
      state = connected;
      for (const local of locals.values()) arm(local);
      for (const listener of [...subscribers]) listener({ type: "state", state });
    },
    close: () => {
      if (state.status !== "connected") return;
      for (const local of locals.values()) stopTimer(local);
      state = { status: "idle" };
      for (const listener of [...subscribers]) listener({ type: "state", state });
    },
  };
}
