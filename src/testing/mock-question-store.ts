import { randomUUID } from "node:crypto";
import type { Clock, TimerHandle } from "../gateway/clock";
import { DEFAULT_REQUEST_TIMEOUT_MS, TERMINAL_TOMBSTONE_MS } from "../protocol/constants";
import { waitResultOfRecord } from "../protocol/record-outcome";
import type {
  QuestionAnswers,
  QuestionRecord,
  QuestionResolvedEvent,
  ResolveResult,
  WaitAnswerResult,
} from "../protocol/types";
import { canonicalizeOrThrow } from "./mock-canonicalize";
import { QuestionFailure } from "./mock-errors";
import type { RequestParams } from "./mock-question-params";

type Entry = {
  record: QuestionRecord;
  expiryTimer: TimerHandle | null;
  tombstoneTimer: TimerHandle | null;
  waiters: Set<() => void>;
};

/** In-memory question lifecycle on an injectable clock, mirroring the gateway's manager. */
export type QuestionStore = {
  request(params: RequestParams): QuestionRecord;
  get(id: string): QuestionRecord | null;
  list(): QuestionRecord[];
  waitAnswer(id: string, timeoutMs?: number): Promise<WaitAnswerResult>;
  resolve(id: string, answers: QuestionAnswers, resolvedBy?: string): ResolveResult;
  cancel(id: string, resolvedBy?: string): ResolveResult;
  /** Every stored record, terminal ones included (until their tombstone ends). */
  records(): QuestionRecord[];
  /** Forgets everything without events (a gateway restart). */
  reset(): void;
};

/** Creates a question store; `onResolved` is called for every terminal transition. */
export function createQuestionStore(
  clock: Clock,
  onResolved: (event: QuestionResolvedEvent, record: QuestionRecord) => void,
): QuestionStore {
  const entries = new Map<string, Entry>();

  const notFound = (id: string) =>
    new QuestionFailure("QUESTION_NOT_FOUND", `question '${id}' was not found`);

  const finish = (entry: Entry, record: QuestionRecord): void => {
    entry.record = record;
    if (entry.expiryTimer !== null) clock.clearTimeout(entry.expiryTimer);
    entry.expiryTimer = null;
    for (const waiter of [...entry.waiters]) waiter();
    onResolved(resolvedEvent(record), record);
    entry.tombstoneTimer = clock.setTimeout(() => {
      if (entries.get(record.id) === entry) entries.delete(record.id);
    }, TERMINAL_TOMBSTONE_MS);
  };

  const expire = (id: string): void => {
    const entry = entries.get(id);
    if (entry === undefined || entry.record.status !== "pending") return;
    finish(entry, { ...entry.record, status: "expired" });
  };

  const get = (id: string): QuestionRecord | null => {
    const entry = entries.get(id);
    if (entry === undefined) return null;
    if (entry.record.status === "pending" && entry.record.expiresAtMs <= clock.now()) expire(id);
    return entries.get(id)?.record ?? null;
  };

  const requirePending = (id: string): Entry => {
    const record = get(id);
    const entry = entries.get(id);
    if (record === null || entry === undefined) throw notFound(id);
    if (record.status !== "pending") {
      throw new QuestionFailure(
        "QUESTION_ALREADY_TERMINAL",
        `question '${id}' is already ${record.status}`,
      );
    }
    return entry;
  };

  return {
    request(params) {
      const createdAtMs = clock.now();
      const timeoutMs = Math.max(1, params.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
      const id = params.id ?? randomUUID();
      if (entries.has(id))
        throw new QuestionFailure("QUESTION_ID_IN_USE", `question '${id}' already exists`);
      const record: QuestionRecord = {
        id,
        questions: params.questions,
        ...(params.agentId === undefined ? {} : { agentId: params.agentId }),
        ...(params.sessionKey === undefined ? {} : { sessionKey: params.sessionKey }),
        ...(params.runId === undefined ? {} : { runId: params.runId }),
        createdAtMs,
        expiresAtMs: createdAtMs + timeoutMs,
        status: "pending",
      };
      const entry: Entry = { record, expiryTimer: null, tombstoneTimer: null, waiters: new Set() };
      entries.set(id, entry);
      entry.expiryTimer = clock.setTimeout(() => expire(id), timeoutMs);
      return record;
    },
    get,
    list() {
      const pending: QuestionRecord[] = [];
      for (const id of [...entries.keys()]) {
        const record = get(id);
        if (record?.status === "pending") pending.push(record);
      }
      return pending.sort(
        (left, right) => left.createdAtMs - right.createdAtMs || left.id.localeCompare(right.id),
      );
    },
    waitAnswer(id, timeoutMs) {
      const record = get(id);
      const entry = entries.get(id);
      if (record === null || entry === undefined) return Promise.reject(notFound(id));
      if (record.status !== "pending") return Promise.resolve(waitResultOfRecord(record));
      return new Promise((resolve) => {
        let timer: TimerHandle | null = null;
        const waiter = () => {
          if (!entry.waiters.delete(waiter)) return;
          if (timer !== null) clock.clearTimeout(timer);
          resolve(waitResultOfRecord(entry.record));
        };
        entry.waiters.add(waiter);
        if (timeoutMs !== undefined) timer = clock.setTimeout(waiter, timeoutMs);
      });
    },
    resolve(id, answers, resolvedBy) {
      const entry = requirePending(id);
      const canonical = canonicalizeOrThrow(entry.record.questions, answers);
      finish(entry, {
        ...entry.record,
        status: "answered",
        answers: canonical,
        ...(resolvedBy ? { resolvedBy } : {}),
      });
      return { status: "answered", answers: canonical };
    },
    cancel(id, resolvedBy) {
      const entry = requirePending(id);
      finish(entry, {
        ...entry.record,
        status: "cancelled",
        ...(resolvedBy ? { resolvedBy } : {}),
      });
      return { status: "cancelled" };
    },
    records: () => [...entries.values()].map((entry) => entry.record),
    reset() {
      for (const entry of entries.values()) {
        if (entry.expiryTimer !== null) clock.clearTimeout(entry.expiryTimer);
        if (entry.tombstoneTimer !== null) clock.clearTimeout(entry.tombstoneTimer);
        for (const waiter of [...entry.waiters]) waiter();
      }
      entries.clear();
    },
  };
}

function resolvedEvent(record: QuestionRecord): QuestionResolvedEvent {
  const result = waitResultOfRecord(record);
  return result.status === "pending"
    ? { id: record.id, status: "expired" }
    : { id: record.id, ...result };
}
