import { PLAIN_TEXT_RESOLVER, REPLY_REFUSAL_PREFIX } from "../protocol/chat-reply";
import { parseTextReply } from "../protocol/parse-text-reply";
import type { GatewayErrorShape, QuestionRecord } from "../protocol/types";
import {
  errorShape,
  invalidParams,
  MOCK_ERROR_CODES,
  missingScope,
  QuestionFailure,
} from "./mock-errors";
import type { MethodOutcome } from "./mock-question-methods";
import type { QuestionStore } from "./mock-question-store";
import { resolveSessionKey } from "./mock-session-key";

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
};

/** What `chat.send` needs from the server. */
export type ChatContext = {
  store: QuestionStore;
  scopes: string[];
  /** Sends a `chat` event to every connection that may read the session. */
  emitChat(payload: Record<string, unknown>): void;
  /** The embedding's agent, told of every accepted message; without one, a turn fails at once. */
  onMessage: ((message: MockChatMessage) => void) | undefined;
};

type SendParams = { sessionKey: string; message: string; idempotencyKey: string };

/** The response to send, and what happens once it is sent (the turn's `chat` events). */
export type ChatOutcome = { outcome: MethodOutcome; after: () => void };

const NOTHING = () => {};

function parseSendParams(
  params: unknown,
): { ok: true; value: SendParams } | { ok: false; error: GatewayErrorShape } {
  const value = typeof params === "object" && params !== null ? params : {};
  const { sessionKey, message, idempotencyKey } = value as Record<string, unknown>;
  if (typeof sessionKey !== "string")
    return {
      ok: false,
      error: invalidParams("chat.send", "must have required property 'sessionKey'"),
    };
  if (typeof idempotencyKey !== "string" || idempotencyKey === "")
    return {
      ok: false,
      error: invalidParams("chat.send", "must have required property 'idempotencyKey'"),
    };
  if (typeof message !== "string" || message.trim() === "")
    return {
      ok: false,
      error: errorShape(MOCK_ERROR_CODES.invalidRequest, "message or attachment required"),
    };
  return { ok: true, value: { sessionKey, message, idempotencyKey } };
}

/** The question a run in the session is waiting on: only a question asked by a run takes chat replies. */
function waitingQuestion(store: QuestionStore, sessionKey: string): QuestionRecord | undefined {
  return store
    .list()
    .filter((record) => record.sessionKey === sessionKey && record.runId !== undefined)
    .sort((left, right) => right.createdAtMs - left.createdAtMs)[0];
}

/**
 * `chat.send`: while a run's question waits in the session, the message is its plain-text answer
 * (or refused, the question staying open); otherwise it is handed to the embedding's agent.
 */
export function sendChat(params: unknown, context: ChatContext): ChatOutcome {
  if (!context.scopes.includes(WRITE_SCOPE))
    return { outcome: { ok: false, error: missingScope(WRITE_SCOPE) }, after: NOTHING };
  const parsed = parseSendParams(params);
  if (!parsed.ok) return { outcome: parsed, after: NOTHING };
  const session = resolveSessionKey(parsed.value.sessionKey, undefined);
  if (!session.ok) return { outcome: session, after: NOTHING };
  const { sessionKey } = session.value;
  const { message, idempotencyKey: runId } = parsed.value;
  const payload = { runId, status: "started" };
  const question = waitingQuestion(context.store, sessionKey);
  const after = () => {
    if (question === undefined) {
      context.onMessage?.({ sessionKey, message, runId, answeredQuestionId: null });
      if (context.onMessage === undefined) {
        context.emitChat({
          runId,
          sessionKey,
          seq: 1,
          state: "error",
          errorMessage: "The mock gateway runs no agent: this message starts no turn.",
        });
      }
      return;
    }
    try {
      const { answers } = parseTextReply(question.questions, message);
      context.store.resolve(question.id, answers, PLAIN_TEXT_RESOLVER);
    } catch (error) {
      if (!(error instanceof QuestionFailure) || error.reason !== INVALID_ANSWER) throw error;
      context.emitChat({
        runId,
        sessionKey,
        seq: 1,
        state: "error",
        errorMessage: `${REPLY_REFUSAL_PREFIX}: ${error.message}. The question is still open: reply again with an answer for every question.`,
      });
      return;
    }
    context.onMessage?.({ sessionKey, message, runId, answeredQuestionId: question.id });
    context.emitChat({ runId, sessionKey, seq: 1, state: "final" });
  };
  return { outcome: { ok: true, payload }, after };
}
