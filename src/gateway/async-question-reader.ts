import {
  type AsyncQuestion,
  type AsyncQuestionMessage,
  formatAsyncAnswer,
  messageMetaOf,
  parseAsyncAnswer,
  readAsyncQuestionMessage,
} from "../protocol/async-questions";
import { isRecord } from "../protocol/parse-support";
import { canonicalSessionKey } from "../protocol/session-key";
import type {
  QuestionAnswers,
  QuestionRecord,
  QuestionResolvedEvent,
  ResolveResult,
} from "../protocol/types";
import { GatewayRequestError } from "./errors";
import type { GatewayClient } from "./types";

/** Prefix of the store ids of async questions: `async:<itemId>`, apart from any gateway record id. */
const ASYNC_PROMPT_PREFIX = "async:";
/** An async question has no deadline: it waits until answered, dismissed or made stale. */
const NO_DEADLINE_MS = 7 * 24 * 3_600_000;
/** Messages read back per followed session on each (re)connect. */
const HISTORY_LIMIT = 200;

/**
 * OpenClaw's async questions of the sessions followed, as question records of their own kind
 * (`withAsyncQuestions` in the store adds them to a question API).
 */
export type AsyncQuestionReader = {
  /** The followed sessions' waiting async questions, read afresh from their history. */
  list(): Promise<QuestionRecord[]>;
  /** The record of a known async question, with its outcome once it ended. */
  get(id: string): QuestionRecord | undefined;
  /** Sends the answer as OpenClaw's Control UI does (`chat.send` with `replyToId`). */
  answer(id: string, answers: QuestionAnswers): Promise<ResolveResult>;
  onRequested(listener: (record: QuestionRecord) => void): () => void;
  onResolved(listener: (event: QuestionResolvedEvent) => void): () => void;
  /** Reads the session's async questions from now on; the returned function stops. Counted. */
  follow(sessionKey: string): () => void;
};

type Item = {
  question: AsyncQuestionMessage;
  sessionKey: string;
  record: QuestionRecord;
  /** How the question ended as its session tells it; null while it waits. */
  outcome: QuestionResolvedEvent | null;
};

/** FNV-1a of a text, in base 36: tells two answers' texts apart in a request key. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function questionIdOf(index: number): string {
  return `q${index + 1}`;
}

function recordOf(
  question: AsyncQuestionMessage,
  sessionKey: string,
  nowMs: number,
): QuestionRecord {
  const createdAtMs = question.timestampMs ?? nowMs;
  return {
    id: `${ASYNC_PROMPT_PREFIX}${question.itemId}`,
    origin: "async",
    sessionKey,
    ...(question.runId === null ? {} : { runId: question.runId }),
    createdAtMs,
    expiresAtMs: createdAtMs + NO_DEADLINE_MS,
    status: "pending",
    questions: question.questions.map((asked: AsyncQuestion, index) => ({
      questionId: questionIdOf(index),
      // Shown whole where there is room, cut with an ellipsis by the view (a step's chip).
      header: asked.title,
      question: asked.title,
      options: (asked.options ?? []).map((label) => ({ label })),
      ...(asked.options?.[0] === undefined ? {} : { preselect: asked.options[0] }),
      isOther: true,
    })),
  };
}

function answersOf(question: AsyncQuestionMessage, text: string): QuestionAnswers | null {
  const parsed = parseAsyncAnswer(question.questions, text);
  if (parsed === null) return null;
  return {
    answers: Object.fromEntries(parsed.map((values, index) => [questionIdOf(index), values])),
  };
}

/** The text of a chat message: a string, or its text parts joined. */
function textOf(message: Record<string, unknown>): string {
  const { content } = message;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return typeof message.text === "string" ? message.text : "";
  return content
    .map((part) =>
      isRecord(part) && part.type === "text" && typeof part.text === "string" ? part.text : "",
    )
    .join("");
}

/** What one message of a session says about its async questions. */
type MessageEffect =
  | { kind: "asked"; question: AsyncQuestionMessage }
  | { kind: "user"; replyToId: string | null; text: string }
  | { kind: "run-ended"; runId: string }
  | { kind: "none" };

function effectOf(message: unknown): MessageEffect {
  const question = readAsyncQuestionMessage(message);
  if (question !== null) return { kind: "asked", question };
  if (!isRecord(message)) return { kind: "none" };
  const meta = messageMetaOf(message);
  if (message.role === "user")
    return { kind: "user", replyToId: meta.replyToId, text: textOf(message) };
  // An assistant's final word of a run (not a tool call) ends that run for the questions before it.
  const stop = typeof message.stopReason === "string" ? message.stopReason.toLowerCase() : "";
  if (
    message.role === "assistant" &&
    meta.runId !== null &&
    stop !== "tooluse" &&
    stop !== "tool_use"
  )
    return { kind: "run-ended", runId: meta.runId };
  return { kind: "none" };
}

/**
 * Reads OpenClaw's async questions (`origin: "async"`, ids `async:<itemId>`) from `session.message`
 * for followed sessions and from `chat.history` on every connection; answers them with `chat.send`
 * in OpenClaw's quoted form with `replyToId`, so OpenClaw's own Control UI counts them answered
 * too; retires one when a message of the session replies to it (answered elsewhere) or a later
 * run of the session ends first (stale, as OpenClaw archives it: `expired`). Needs the
 * `operator.read` scope to read and `operator.write` to answer.
 */
export function createAsyncQuestionReader(client: GatewayClient): AsyncQuestionReader {
  const items = new Map<string, Item>();
  const follows = new Map<string, { sessionKey: string; count: number }>();
  const requestedListeners = new Set<(record: QuestionRecord) => void>();
  const resolvedListeners = new Set<(event: QuestionResolvedEvent) => void>();
  const subscribed = new Map<string, number>();

  const emitRequested = (record: QuestionRecord) => {
    for (const listener of [...requestedListeners]) listener(record);
  };
  const emitResolved = (event: QuestionResolvedEvent) => {
    for (const listener of [...resolvedListeners]) listener(event);
  };

  const settle = (item: Item, outcome: QuestionResolvedEvent, live: boolean) => {
    if (item.outcome !== null) return;
    item.outcome = outcome;
    if (live) emitResolved(outcome);
  };

  /** Applies one message of a session in order; `live` when it arrived as an event. */
  const apply = (sessionKey: string, message: unknown, live: boolean) => {
    const effect = effectOf(message);
    switch (effect.kind) {
      case "asked": {
        const id = `${ASYNC_PROMPT_PREFIX}${effect.question.itemId}`;
        if (items.has(id)) return;
        const record = recordOf(
          effect.question,
          sessionKey,
          client.clock.now() + client.getClockOffsetMs(),
        );
        items.set(id, { question: effect.question, sessionKey, record, outcome: null });
        if (live) emitRequested(record);
        return;
      }
      case "user": {
        const waiting = [...items.values()].filter(
          (item) => item.sessionKey === sessionKey && item.outcome === null,
        );
        const replied =
          effect.replyToId === null
            ? waiting.filter((item) => answersOf(item.question, effect.text) !== null)
            : waiting.filter((item) => item.question.messageId === effect.replyToId);
        const [item] = replied;
        if (item === undefined || replied.length !== 1 || effect.text.trim() === "") return;
        const answers = answersOf(item.question, effect.text) ?? {
          answers: { [questionIdOf(0)]: [effect.text] },
        };
        settle(item, { id: item.record.id, status: "answered", answers }, live);
        return;
      }
      case "run-ended":
        for (const item of items.values()) {
          if (
            item.sessionKey === sessionKey &&
            item.outcome === null &&
            item.question.runId !== effect.runId
          )
            settle(item, { id: item.record.id, status: "expired" }, live);
        }
        return;
      case "none":
        return;
      default:
        effect satisfies never;
    }
  };

  const readHistory = async (sessionKey: string): Promise<void> => {
    const payload = await client.request<unknown>("chat.history", {
      sessionKey,
      limit: HISTORY_LIMIT,
    });
    const messages = isRecord(payload) && Array.isArray(payload.messages) ? payload.messages : [];
    const canonical = canonicalSessionKey(sessionKey);
    // Read afresh: an outcome learned from history is the session's own word.
    for (const item of [...items.values()]) if (item.sessionKey === canonical) item.outcome = null;
    for (const message of messages) apply(canonical, message, false);
  };

  const subscribe = async (sessionKey: string) => {
    const connectionId = client.getConnectionId();
    if (subscribed.get(sessionKey) === connectionId) return;
    subscribed.set(sessionKey, connectionId);
    await client.request("sessions.messages.subscribe", { key: sessionKey });
  };

  const canRead = (): boolean => {
    const state = client.getState();
    if (state.status !== "connected") return false;
    const scopes = state.hello.auth.scopes;
    return (
      scopes.includes("operator.read") ||
      scopes.includes("operator.admin") ||
      scopes.includes("operator.write")
    );
  };

  // The client's events are read while someone listens (a started store), and released with it.
  let stopEvents: (() => void) | null = null;
  const readEvents = () => {
    stopEvents ??= client.subscribe((event) => {
      if (event.type !== "event" || event.frame.event !== "session.message") return;
      const payload = event.frame.payload;
      if (!isRecord(payload) || typeof payload.sessionKey !== "string") return;
      const sessionKey = canonicalSessionKey(payload.sessionKey);
      if (!follows.has(sessionKey)) return;
      apply(sessionKey, payload.message, true);
    });
  };
  const releaseEvents = () => {
    if (requestedListeners.size > 0 || resolvedListeners.size > 0) return;
    stopEvents?.();
    stopEvents = null;
  };

  const follow = (sessionKey: string): (() => void) => {
    const canonical = canonicalSessionKey(sessionKey);
    const existing = follows.get(canonical);
    if (existing !== undefined) existing.count += 1;
    else {
      follows.set(canonical, { sessionKey, count: 1 });
      // Joined late: the store hydrates on connect, so the session's history is read and its
      // questions announced now.
      if (canRead()) {
        void subscribe(canonical)
          .then(() => readHistory(canonical))
          .then(() => {
            for (const item of items.values())
              if (item.sessionKey === canonical && item.outcome === null)
                emitRequested(item.record);
          })
          .catch(() => subscribed.delete(canonical));
      }
    }
    return () => {
      const current = follows.get(canonical);
      if (current === undefined) return;
      current.count -= 1;
      if (current.count <= 0) follows.delete(canonical);
    };
  };

  const answer = async (item: Item, answers: QuestionAnswers): Promise<ResolveResult> => {
    const values = item.question.questions.map(
      (_, index) => answers.answers[questionIdOf(index)] ?? [],
    );
    const message = formatAsyncAnswer(item.question.questions, values);
    await client.request("chat.send", {
      sessionKey: item.sessionKey,
      message,
      deliver: false,
      ...(item.question.messageId === null ? {} : { replyToId: item.question.messageId }),
      // One key per question and text: a send repeated after a lost response is the same message
      // (the gateway refuses a key it saw with another text).
      idempotencyKey: `ask-user-kit-async-${item.question.itemId}-${fingerprint(message)}`,
    });
    const sent = answersOf(item.question, message) ?? answers;
    item.outcome = { id: item.record.id, status: "answered", answers: sent };
    return { status: "answered", answers: sent };
  };

  /**
   * A question not read yet: a reload shows it from storage before its session's history is back,
   * and the user may answer at once. The followed sessions are read again to find it.
   */
  const readAgainFor = async (id: string): Promise<Item | undefined> => {
    if (!canRead()) return undefined;
    const keys = [...follows.keys()];
    await Promise.all(keys.map((key) => subscribe(key).then(() => readHistory(key))));
    return items.get(id);
  };

  return {
    list: async () => {
      if (!canRead()) return [];
      const keys = [...follows.keys()];
      await Promise.all(keys.map((key) => subscribe(key).then(() => readHistory(key))));
      return [...items.values()]
        .filter((item) => item.outcome === null && follows.has(item.sessionKey))
        .map((item) => item.record);
    },
    get: (id) => {
      const item = items.get(id);
      if (item === undefined) return undefined;
      const { outcome, record } = item;
      if (outcome === null) return record;
      return outcome.status === "answered"
        ? { ...record, status: "answered", answers: outcome.answers }
        : { ...record, status: outcome.status };
    },
    answer: async (id, answers) => {
      const item = items.get(id) ?? (await readAgainFor(id));
      if (item === undefined)
        throw new Error("this question is no longer in its session's history");
      // Answered elsewhere or made stale meanwhile: the store reads how it ended, as it does when
      // the gateway refuses a late answer; nothing is sent.
      if (item.outcome !== null)
        throw new GatewayRequestError("chat.send", {
          code: "INVALID_REQUEST",
          message: "this question has already ended",
          details: { reason: "QUESTION_ALREADY_TERMINAL" },
        });
      return answer(item, answers);
    },
    onRequested: (listener) => {
      requestedListeners.add(listener);
      readEvents();
      return () => {
        requestedListeners.delete(listener);
        releaseEvents();
      };
    },
    onResolved: (listener) => {
      resolvedListeners.add(listener);
      readEvents();
      return () => {
        resolvedListeners.delete(listener);
        releaseEvents();
      };
    },
    follow,
  };
}
