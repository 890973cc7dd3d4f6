import type { Clock } from "../../../src/gateway/clock";
import type {
  ConnectionState,
  GatewayClient,
  GatewayClientEvent,
  QuestionApi,
  QuestionListOptions,
} from "../../../src/gateway/types";
import type {
  HelloOk,
  QuestionAnswers,
  QuestionRecord,
  ResolveResult,
} from "../../../src/protocol/types";

/** A QuestionApi whose calls the test answers by hand. */
export type FakeApi = QuestionApi & {
  /** `resolvedAnswers` holds the answers of each `resolve`, in order. */
  calls: {
    list: number;
    get: string[];
    resolve: string[];
    resolvedAnswers: QuestionAnswers[];
    cancel: string[];
  };
  listImpl: (options?: QuestionListOptions) => Promise<QuestionRecord[]>;
  getImpl: (id: string) => Promise<QuestionRecord>;
  resolveImpl: (id: string, answers: QuestionAnswers) => Promise<ResolveResult>;
  cancelImpl: (id: string) => Promise<ResolveResult>;
  setConnected(connectionId: number): void;
  setDisconnected(): void;
  emitRequested(record: unknown): void;
  emitResolved(event: unknown): void;
};

const HELLO = { type: "hello-ok", protocol: 4 } as unknown as HelloOk;

export function createFakeApi(clock: Clock): FakeApi {
  let state: ConnectionState = { status: "idle" };
  let connectionId = 0;
  const listeners = new Set<(event: GatewayClientEvent) => void>();
  const requestedListeners = new Set<(record: unknown, connectionId: number) => void>();
  const resolvedListeners = new Set<(event: unknown, connectionId: number) => void>();
  const emit = (event: GatewayClientEvent) => {
    for (const listener of listeners) listener(event);
  };
  const client: GatewayClient = {
    connect: () => undefined,
    close: () => undefined,
    getState: () => state,
    getConnectionId: () => connectionId,
    getClockOffsetMs: () => 0,
    request: () => Promise.reject(new Error("not used")),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clock,
    url: "ws://127.0.0.1:0",
  };
  const api: FakeApi = {
    client,
    calls: { list: 0, get: [], resolve: [], resolvedAnswers: [], cancel: [] },
    listImpl: async () => [],
    getImpl: () => Promise.reject(new Error("get not set up")),
    resolveImpl: () => Promise.reject(new Error("resolve not set up")),
    cancelImpl: () => Promise.reject(new Error("cancel not set up")),
    list: (options) => {
      api.calls.list += 1;
      return api.listImpl(options);
    },
    get: (id) => {
      api.calls.get.push(id);
      return api.getImpl(id);
    },
    resolve: (id, answers) => {
      api.calls.resolve.push(id);
      api.calls.resolvedAnswers.push(answers);
      return api.resolveImpl(id, answers);
    },
    cancel: (id) => {
      api.calls.cancel.push(id);
      return api.cancelImpl(id);
    },
    request: () => Promise.reject(new Error("not used")),
    waitAnswer: () => Promise.reject(new Error("not used")),
    onRequested: (listener) => {
      requestedListeners.add(listener);
      return () => requestedListeners.delete(listener);
    },
    onResolved: (listener) => {
      resolvedListeners.add(listener);
      return () => resolvedListeners.delete(listener);
    },
    setConnected: (id) => {
      connectionId = id;
      state = { status: "connected", hello: HELLO, connectionId: id, clockOffsetMs: 0 };
      emit({ type: "state", state });
    },
    setDisconnected: () => {
      state = {
        status: "reconnecting",
        attempt: 1,
        retryAtMs: clock.now() + 1_000,
        lastError: null,
      };
      emit({ type: "state", state });
    },
    emitRequested: (record) => {
      for (const listener of requestedListeners) listener(record, connectionId);
    },
    emitResolved: (event) => {
      for (const listener of resolvedListeners) listener(event, connectionId);
    },
  };
  return api;
}
