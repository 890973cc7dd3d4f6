import { isQuestionError } from "../gateway/errors";
import type { QuestionApi } from "../gateway/types";
import type { FetchOutcome } from "./actions";

/** Asks the gateway for a prompt's record; `QUESTION_NOT_FOUND` is an outcome too, any other error is thrown. */
export async function fetchOutcome(api: QuestionApi, id: string): Promise<FetchOutcome> {
  try {
    return { kind: "record", record: await api.get(id) };
  } catch (error) {
    if (isQuestionError(error, "QUESTION_NOT_FOUND")) return { kind: "not-found" };
    throw error;
  }
}
