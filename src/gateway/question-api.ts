import { parseQuestionRecord } from "../protocol/parse-question-record";
import type {
  QuestionAnswers,
  QuestionRecord,
  ResolveResult,
  WaitAnswerResult,
} from "../protocol/types";
import { DEFAULT_RPC_TIMEOUT_MS } from "./client-settings";
import type { GatewayClient, QuestionApi } from "./types";

/** Below this the RPC still goes out, so the gateway (not a local guess) says it expired. */
export const MIN_QUESTION_RPC_TIMEOUT_MS = 1_000;
/** How long one `question.waitAnswer` call waits on the gateway when the caller gives no timeout. */
export const DEFAULT_WAIT_ANSWER_MS = 25_000;
/** Extra RPC time beyond the gateway-side wait, for the response to travel. */
export const WAIT_ANSWER_RESPONSE_MARGIN_MS = 5_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readRecord(value: unknown, method: string): QuestionRecord {
  const parsed = parseQuestionRecord(value);
  if (!parsed.ok) throw new Error(`${method} returned an invalid question record`);
  return parsed.value;
}

/** Wraps a client with typed calls to the five question methods and the two question events. */
export function createQuestionApi(client: GatewayClient): QuestionApi {
  const questionTimeout = (expiresAtMs: number | undefined): number => {
    if (expiresAtMs === undefined) return DEFAULT_RPC_TIMEOUT_MS;
    const gatewayNow = client.clock.now() + client.getClockOffsetMs();
    const remaining = Math.max(MIN_QUESTION_RPC_TIMEOUT_MS, expiresAtMs - gatewayNow);
    return Math.min(DEFAULT_RPC_TIMEOUT_MS, remaining);
  };

  const onEvent = (name: string, listener: (payload: unknown, connectionId: number) => void) =>
    client.subscribe((event) => {
      if (event.type === "event" && event.frame.event === name) {
        listener(event.frame.payload, event.connectionId);
      }
    });

  return {
    client,
    list: async () => {
      const payload = await client.request<unknown>("question.list", {});
      const questions =
        isObject(payload) && Array.isArray(payload.questions) ? payload.questions : [];
      return questions.flatMap((value: unknown) => {
        const parsed = parseQuestionRecord(value);
        return parsed.ok ? [parsed.value] : [];
      });
    },
    get: async (id) => {
      const payload = await client.request<unknown>("question.get", { id });
      return readRecord(isObject(payload) ? payload.question : undefined, "question.get");
    },
    resolve: (id, answers: QuestionAnswers, options = {}) => {
      const params = {
        id,
        answers,
        ...(options.resolvedBy === undefined ? {} : { resolvedBy: options.resolvedBy }),
        ...(options.resolutionId === undefined ? {} : { resolutionId: options.resolutionId }),
      };
      const timeoutMs = questionTimeout(options.expiresAtMs);
      return client.request<ResolveResult>("question.resolve", params, { timeoutMs });
    },
    cancel: (id, options = {}) => {
      const params = {
        id,
        cancel: true,
        ...(options.resolvedBy === undefined ? {} : { resolvedBy: options.resolvedBy }),
      };
      const timeoutMs = questionTimeout(options.expiresAtMs);
      return client.request<ResolveResult>("question.resolve", params, { timeoutMs });
    },
    request: (params) =>
      client.request<{ id: string; expiresAtMs: number }>("question.request", params),
    waitAnswer: (id, options = {}) => {
      const waitMs = options.timeoutMs ?? DEFAULT_WAIT_ANSWER_MS;
      return client.request<WaitAnswerResult>(
        "question.waitAnswer",
        { id, timeoutMs: waitMs },
        { timeoutMs: waitMs + WAIT_ANSWER_RESPONSE_MARGIN_MS },
      );
    },
    onRequested: (listener) => onEvent("question.requested", listener),
    onResolved: (listener) => onEvent("question.resolved", listener),
  };
}
