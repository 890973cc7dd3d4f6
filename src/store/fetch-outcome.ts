import { GatewayInvalidResponseError, isQuestionError } from "../gateway/errors";
import type { FetchOutcome } from "./actions";
import type { QuestionSource } from "./question-source";

/** Asks the gateway for a prompt's record; `QUESTION_NOT_FOUND` is an outcome too, any other error is thrown. */
export async function fetchOutcome(api: QuestionSource, id: string): Promise<FetchOutcome> {
  try {
    return { kind: "record", record: await api.get(id) };
  } catch (error) {
    if (isQuestionError(error, "QUESTION_NOT_FOUND")) return { kind: "not-found" };
    throw error;
  }
}

/**
 * Like `fetchOutcome`, but a record that cannot be read is that id's outcome, so one bad record
 * cannot fail a whole hydration; transport errors are still thrown.
 */
export async function fetchReadableOutcome(api: QuestionSource, id: string): Promise<FetchOutcome> {
  try {
    return await fetchOutcome(api, id);
  } catch (error) {
    if (!(error instanceof GatewayInvalidResponseError)) throw error;
    const diagnostic = `treated question '${id}' as unavailable: ${error.message}`;
    return { kind: "unreadable", diagnostic };
  }
}
