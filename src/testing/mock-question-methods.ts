import { QUESTIONS_SCOPE } from "../protocol/constants";
import type { GatewayErrorShape, QuestionRecord } from "../protocol/types";
import { missingScope, QuestionFailure } from "./mock-errors";
import {
  parseGetParams,
  parseListParams,
  parseRequestParams,
  parseResolveParams,
  parseWaitParams,
  type RequestParams,
} from "./mock-question-params";
import type { QuestionStore } from "./mock-question-store";
import { resolveSessionKey } from "./mock-session-key";

/** Outcome of a method call: a payload or an error shape. */
export type MethodOutcome =
  | { ok: true; payload: unknown }
  | { ok: false; error: GatewayErrorShape };

/** Names of the question methods the mock serves. */
export const MOCK_QUESTION_METHODS = new Set([
  "question.request",
  "question.waitAnswer",
  "question.resolve",
  "question.get",
  "question.list",
]);

/** What a method needs from the server. */
export type MethodContext = {
  store: QuestionStore;
  scopes: string[];
  onRequested(record: QuestionRecord): void;
};

function failure(error: unknown): MethodOutcome {
  if (error instanceof QuestionFailure) return { ok: false, error: error.toShape() };
  throw error;
}

/** Creates a question from validated params (session key resolved); shared with in-process injection. */
export function createQuestion(context: MethodContext, params: RequestParams): MethodOutcome {
  let request = params;
  if (params.sessionKey !== undefined) {
    const session = resolveSessionKey(params.sessionKey, params.agentId);
    if (!session.ok) return session;
    request = { ...params, ...session.value };
  }
  try {
    const record = context.store.request(request);
    context.onRequested(record);
    return { ok: true, payload: { id: record.id, expiresAtMs: record.expiresAtMs } };
  } catch (error) {
    return failure(error);
  }
}

/** Runs one question method; the promise settles when the response is due. */
export async function runQuestionMethod(
  method: string,
  params: unknown,
  context: MethodContext,
): Promise<MethodOutcome> {
  if (!context.scopes.includes(QUESTIONS_SCOPE))
    return { ok: false, error: missingScope(QUESTIONS_SCOPE) };
  const { store } = context;
  try {
    switch (method) {
      case "question.request": {
        const parsed = parseRequestParams(params);
        return parsed.ok ? createQuestion(context, parsed.value) : parsed;
      }
      case "question.waitAnswer": {
        const parsed = parseWaitParams(params);
        if (!parsed.ok) return parsed;
        return {
          ok: true,
          payload: await store.waitAnswer(parsed.value.id, parsed.value.timeoutMs),
        };
      }
      case "question.resolve": {
        const parsed = parseResolveParams(params);
        if (!parsed.ok) return parsed;
        const request = parsed.value;
        const payload =
          request.kind === "cancel"
            ? store.cancel(request.id, request.resolvedBy)
            : store.resolve(request.id, request.answers, request.resolvedBy);
        return { ok: true, payload };
      }
      case "question.get": {
        const parsed = parseGetParams(params);
        if (!parsed.ok) return parsed;
        const record = store.get(parsed.value.id);
        if (record === null) {
          throw new QuestionFailure(
            "QUESTION_NOT_FOUND",
            `question '${parsed.value.id}' was not found`,
          );
        }
        return { ok: true, payload: { question: record } };
      }
      case "question.list": {
        const parsed = parseListParams(params);
        return parsed.ok ? { ok: true, payload: { questions: store.list() } } : parsed;
      }
      default:
        return { ok: false, error: missingScope("operator.admin") };
    }
  } catch (error) {
    return failure(error);
  }
}
