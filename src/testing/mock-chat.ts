import { PLAIN_TEXT_RESOLVER, REPLY_REFUSAL_PREFIX } from "../protocol/chat-reply";
import { parseTextReply } from "../protocol/parse-text-reply";
import type { GatewayErrorShape, QuestionRecord } from "../protocol/types";
import { parseSendParams, type SendParams } from "./mock-chat-params";
import { errorShape, MOCK_ERROR_CODES, missingScope, QuestionFailure } from "./mock-errors";
import type { MethodOutcome } from "./mock-question-methods";
import type { QuestionStore } from "./mock-question-store";
import type { RunTracker } from "./mock-runs";
import { resolveSessionKey } from "./mock-session-key";
import type { SessionLog } from "./mock-sessions";

/** The scope `chat.send` needs. */
export const WRITE_SCOPE = "operator.write";
const INVALID_ANSWER = "QUESTION_INVALID_ANSWER";

/** A chat message the mock accepted: it answered `answered`, or it starts a turn (`null`). */
export type MockChatMessage = {
  sessionKey: string;
  message: string;
  runId: string;
  /** The question the message answered as a plain-text reply, if it did. */
  answeredQuestionId: string | null;
  /** The message it replies to (`chat.send`'s `replyToId`), if it named one. */
  replyToId?: string;
};

/** What `chat.send` needs from the server. */
export type ChatContext = {
  store: QuestionStore;
  sessions: SessionLog;
  runs: RunTracker;
  scopes: string[];
  /**
   * Sends a run's `chat` event (its `seq` and `agentId` added) to every connection that may read
   * the session; a final, error or aborted state ends the run.
   */
  emitRun(runId: string, sessionKey: string, event: Record<string, unknown>): void;
  /** The embedding's agent, told of every accepted message; without one, a turn fails at once. */
  onMessage: ((message: MockChatMessage) => void) | undefined;
};

/** The response to send, and what happens once it is sent (the turn's `chat` events). */
export type ChatOutcome = { outcome: MethodOutcome; after: () => void };

const NOTHING = () => {};

function refused(error: GatewayErrorShape): ChatOutcome {
  return { outcome: { ok: false, error }, after: NOTHING };
}

/** The question a run in the session is waiting on: only a question asked by a run takes chat replies. */
function waitingQuestion(store: QuestionStore, sessionKey: string): QuestionRecord | undefined {
  return store
    .list()
    .filter((record) => record.sessionKey === sessionKey && record.runId !== undefined)
    .sort((left, right) => right.createdAtMs - left.createdAtMs)[0];
}

/**
 * An `expectedLeafEntryId` holds when it names a message of the session's (single) branch, or is
 * null for an empty transcript; a steer send ignores it.
 */
function leafHolds(context: ChatContext, sessionKey: string, params: SendParams): boolean {
  const expected = params.expectedLeafEntryId;
  if (expected === undefined || params.queueMode === "steer") return true;
  const messages = context.sessions.get(sessionKey)?.messages ?? [];
  if (expected === null) return messages.length === 0;
  return messages.some((message) => message.__openclaw.id === expected);
}

/** Answers the waiting question with the message, or refuses it (the question stays open). */
function answerQuestion(
  context: ChatContext,
  question: QuestionRecord,
  message: MockChatMessage,
): void {
  const { runId, sessionKey } = message;
  try {
    const { answers } = parseTextReply(question.questions, message.message);
    context.store.resolve(question.id, answers, PLAIN_TEXT_RESOLVER);
  } catch (error) {
    if (!(error instanceof QuestionFailure) || error.reason !== INVALID_ANSWER) throw error;
    context.emitRun(runId, sessionKey, {
      state: "error",
      errorMessage: `${REPLY_REFUSAL_PREFIX}: ${error.message}. The question is still open: reply again with an answer for every question.`,
    });
    return;
  }
  context.onMessage?.({ ...message, answeredQuestionId: question.id });
  context.emitRun(runId, sessionKey, { state: "final" });
}

/**
 * `chat.send`: the message is stored in the session's transcript; while a run's question waits in
 * the session it is that question's plain-text answer (or refused, the question staying open);
 * otherwise it is handed to the embedding's agent, whose run stays active until it completes. An
 * idempotency key seen before returns that run's state for the same input, and is refused for
 * other input.
 */
export function sendChat(params: unknown, context: ChatContext): ChatOutcome {
  if (!context.scopes.includes(WRITE_SCOPE)) return refused(missingScope(WRITE_SCOPE));
  const parsed = parseSendParams(params);
  if (!parsed.ok) return refused(parsed.error);
  const session = resolveSessionKey(parsed.value.sessionKey, undefined);
  if (!session.ok) return refused(session.error);
  const { sessionKey, agentId } = session.value;
  const { message, idempotencyKey: runId, replyToId } = parsed.value;
  const input = JSON.stringify([sessionKey, message, replyToId ?? null]);
  const repeat = context.runs.check(runId, input);
  if (repeat.kind === "conflict")
    return refused(
      errorShape(MOCK_ERROR_CODES.invalidRequest, "idempotencyKey already sent other input", {
        reason: "chat-request-conflict",
      }),
    );
  if (repeat.kind === "repeat")
    return { outcome: { ok: true, payload: { runId, status: repeat.status } }, after: NOTHING };
  if (!leafHolds(context, sessionKey, parsed.value))
    return refused(
      errorShape(MOCK_ERROR_CODES.invalidRequest, "the transcript's branch moved on", {
        reason: "active-leaf-changed",
      }),
    );
  context.runs.start(runId, sessionKey, input);
  const after = () => {
    context.sessions.appendUser(sessionKey, agentId, {
      text: message,
      idempotencyKey: runId,
      ...(replyToId === undefined ? {} : { replyToId }),
    });
    const accepted: MockChatMessage = {
      sessionKey,
      message,
      runId,
      answeredQuestionId: null,
      ...(replyToId === undefined ? {} : { replyToId }),
    };
    const question = waitingQuestion(context.store, sessionKey);
    if (question !== undefined) {
      answerQuestion(context, question, accepted);
      return;
    }
    if (context.onMessage === undefined) {
      context.emitRun(runId, sessionKey, {
        state: "error",
        errorMessage: "The mock gateway runs no agent: this message starts no turn.",
      });
      return;
    }
    context.onMessage(accepted);
  };
  return { outcome: { ok: true, payload: { runId, status: "started" } }, after };
}
