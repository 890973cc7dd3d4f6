import { parseQuestionRecord } from "../protocol/parse-question-record";
import { describeId, describeIssues, isRecord } from "../protocol/parse-support";
import type { QuestionAnswers, QuestionRecord, WaitAnswerResult } from "../protocol/types";
import { GatewayInvalidResponseError } from "./errors";
import { readResolveResult } from "./resolve-result";
import type { GatewayClient, QuestionApi } from "./types";

/** Below this the RPC still goes out, so the gateway (not a local guess) says it expired. */
export const MIN_QUESTION_RPC_TIMEOUT_MS = 1_000;
/**
 * Ceiling of a resolve/cancel RPC timeout (the spec's 30 s would be too long). A terminal record
 * stays readable with `question.get` for only `TERMINAL_TOMBSTONE_MS` (15 s); when both the response
 * and `question.resolved` are lost, the reconciling `get` must run while our own outcome is still
 * readable, so the wait ends well before the tombstone goes.
 */
export const MAX_RESOLVE_RPC_TIMEOUT_MS = 10_000;
/** How long one `question.waitAnswer` call waits on the gateway when the caller gives no timeout. */
export const DEFAULT_WAIT_ANSWER_MS = 25_000;
/** Extra RPC time beyond the gateway-side wait, for the response to travel. */
export const WAIT_ANSWER_RESPONSE_MARGIN_MS = 5_000;

// Typed, so a caller can tell this one unreadable record from a failed connection.
function readRecord(value: unknown, method: string, id: string): QuestionRecord {
  const parsed = parseQuestionRecord(value);
  if (parsed.ok) return parsed.value;
  const detail = `question record '${id}' is invalid: ${describeIssues(parsed.issues)}`;
  throw new GatewayInvalidResponseError(method, detail);
}

/** Wraps a client with typed calls to the five question methods and the two question events. */
export function createQuestionApi(client: GatewayClient): QuestionApi {
  // The spec's min(30 s, time left), with 30 s lowered to stay inside the terminal tombstone.
  const resolveTimeout = (expiresAtMs: number | undefined): number => {
    if (expiresAtMs === undefined) return MAX_RESOLVE_RPC_TIMEOUT_MS;
    const gatewayNow = client.clock.now() + client.getClockOffsetMs();
    const remaining = Math.max(MIN_QUESTION_RPC_TIMEOUT_MS, expiresAtMs - gatewayNow);
    return Math.min(MAX_RESOLVE_RPC_TIMEOUT_MS, remaining);
  };

  // A malformed result throws: whether the answer or skip was applied is then unknown.
  const resolveWith = async (params: object, expiresAtMs: number | undefined) => {
    const timeoutMs = resolveTimeout(expiresAtMs);
    const payload = await client.request<unknown>("question.resolve", params, { timeoutMs });
    return readResolveResult(payload, "question.resolve");
  };

  const onEvent = (name: string, listener: (payload: unknown, connectionId: number) => void) =>
    client.subscribe((event) => {
      if (event.type === "event" && event.frame.event === name) {
        listener(event.frame.payload, event.connectionId);
      }
    });

  return {
    client,
    list: async (listOptions = {}) => {
      const payload = await client.request<unknown>("question.list", {});
      const questions =
        isRecord(payload) && Array.isArray(payload.questions) ? payload.questions : [];
      return questions.flatMap((value: unknown) => {
        const parsed = parseQuestionRecord(value);
        if (parsed.ok) return [parsed.value];
        listOptions.onDiagnostic?.(
          `dropped a malformed question record ${describeId(value)} from question.list: ${describeIssues(parsed.issues)}`,
        );
        return [];
      });
    },
    get: async (id) => {
      const payload = await client.request<unknown>("question.get", { id });
      return readRecord(isRecord(payload) ? payload.question : undefined, "question.get", id);
    },
    resolve: (id, answers: QuestionAnswers, options = {}) =>
      resolveWith(
        {
          id,
          answers,
          ...(options.resolvedBy === undefined ? {} : { resolvedBy: options.resolvedBy }),
          ...(options.resolutionId === undefined ? {} : { resolutionId: options.resolutionId }),
        },
        options.expiresAtMs,
      ),
    cancel: (id, options = {}) =>
      resolveWith(
        {
          id,
          cancel: true,
          ...(options.resolvedBy === undefined ? {} : { resolvedBy: options.resolvedBy }),
        },
        options.expiresAtMs,
      ),
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
