import type { StoreApi } from "zustand/vanilla";
import type { Clock, ConnectionState, GatewayClient, QuestionApi } from "../../src/gateway/index";
import type { QuestionAnswers, QuestionRecord, ResolveResult } from "../../src/protocol/index";
import {
  createQuestionStore,
  type PromptDraft,
  type PromptEntry,
  type QuestionDraft,
  type QuestionStore,
} from "../../src/store/index";
import { createEntry } from "../../src/store/outcomes";
import type { SessionView } from "../../src/store/types";
import { createManualClock, type ManualClock } from "../../src/testing/manual-clock";

const CONNECTED: ConnectionState = {
  status: "connected",
  hello: {
    type: "hello-ok",
    protocol: 4,
    server: { version: "fixture", connId: "fixture" },
    features: { methods: [], events: [] },
    auth: { role: "operator", scopes: ["operator.questions"] },
    policy: { maxPayload: 1_048_576, maxBufferedBytes: 1_048_576, tickIntervalMs: 30_000 },
  },
  connectionId: 1,
  clockOffsetMs: 0,
};

/** A question API whose calls are recorded and whose results the caller controls. */
export type FakeQuestionApi = QuestionApi & {
  calls: Array<{ method: "resolve" | "cancel"; id: string; answers?: QuestionAnswers }>;
  /** How resolve/cancel answer; default: they never settle (the prompt stays "submitting"). */
  settle: "never" | "ok" | "fail";
};

/** Creates a fake API over a manual clock. */
export function createFakeQuestionApi(
  clock: Clock,
  records: QuestionRecord[] = [],
): FakeQuestionApi {
  const listeners = new Set<(event: { type: "state"; state: ConnectionState }) => void>();
  const client: GatewayClient = {
    connect: () => {},
    close: () => {},
    getState: () => CONNECTED,
    getConnectionId: () => 1,
    getClockOffsetMs: () => 0,
    request: () => Promise.reject(new Error("not available in fixtures")),
    subscribe: (listener) => {
      listeners.add(listener as never);
      return () => listeners.delete(listener as never);
    },
    clock,
    url: "ws://127.0.0.1:0",
  };
  const outcome = <Result>(result: Result): Promise<Result> => {
    if (api.settle === "ok") return Promise.resolve(result);
    if (api.settle === "fail") return Promise.reject(new Error("The gateway is unreachable."));
    return new Promise<Result>(() => {});
  };
  const api: FakeQuestionApi = {
    calls: [],
    settle: "never",
    list: () => Promise.resolve(records),
    get: (id) => {
      const record = records.find((candidate) => candidate.id === id);
      return record ? Promise.resolve(record) : Promise.reject(new Error("not found"));
    },
    resolve: (id, answers) => {
      api.calls.push({ method: "resolve", id, answers });
      return outcome<ResolveResult>({ status: "answered", answers });
    },
    cancel: (id) => {
      api.calls.push({ method: "cancel", id });
      return outcome<ResolveResult>({ status: "cancelled" });
    },
    request: () => Promise.reject(new Error("not available in fixtures")),
    waitAnswer: () => new Promise(() => {}),
    onRequested: () => () => {},
    onResolved: () => () => {},
    client,
  };
  return api;
}

/** One prompt to seed: a record plus local view fields. */
export type FixturePrompt = { record: QuestionRecord } & Partial<
  Omit<PromptEntry, "record" | "id">
>;

/** A draft as fixtures write it: questions by id (fixture ids are plain snake_case). */
export type FixtureDraft = { step: number; questions: Record<string, QuestionDraft> };

/** The store's form of fixture drafts. */
export function fixtureDrafts(drafts: Record<string, FixtureDraft>): Map<string, PromptDraft> {
  return new Map(
    Object.entries(drafts).map(([id, draft]) => [
      id,
      { step: draft.step, questions: new Map(Object.entries(draft.questions)) },
    ]),
  );
}

/** What a fixture store starts with. */
export type FixtureStoreOptions = {
  prompts: Array<QuestionRecord | FixturePrompt>;
  drafts?: Record<string, FixtureDraft>;
  sessions?: Record<string, SessionView>;
  connection?: ConnectionState;
  nowMs?: number;
  clock?: ManualClock;
  /** Why the storage part did not load: the dock says answers are not kept across a reload. */
  storageFailure?: string;
  /** Why the source's reader did not load: a question waits that the dock cannot show yet. */
  sourceFailure?: string;
};

/** A real question store over a fake API, seeded with fixture records. */
export function createFixtureStore(options: FixtureStoreOptions): {
  store: StoreApi<QuestionStore>;
  api: FakeQuestionApi;
  clock: ManualClock;
} {
  const clock = options.clock ?? createManualClock(options.nowMs);
  const entries = options.prompts.map((prompt): PromptEntry => {
    const { record, ...rest } = "record" in prompt ? prompt : { record: prompt };
    return {
      ...createEntry(record),
      status: record.status,
      answers: record.answers ?? null,
      ...rest,
    };
  });
  const api = createFakeQuestionApi(
    clock,
    entries.map((entry) => entry.record),
  );
  const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fixture" });
  store.setState({
    prompts: new Map(entries.map((entry) => [entry.id, entry])),
    order: entries.map((entry) => entry.id),
    drafts: fixtureDrafts(options.drafts ?? {}),
    sessions: new Map(Object.entries(options.sessions ?? {})),
    connection: options.connection ?? CONNECTED,
    nowMs: clock.now(),
    storageFailure: options.storageFailure ?? null,
    sourceFailure: options.sourceFailure ?? null,
  });
  return { store, api, clock };
}
