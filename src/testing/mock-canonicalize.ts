import { canonicalizeAnswers } from "../protocol/canonicalize-answers";
import type { Question, QuestionAnswers } from "../protocol/types";
import { QuestionFailure } from "./mock-errors";

/** Canonicalizes submitted answers with the kit's gateway rules, throwing the gateway's failure. */
export function canonicalizeOrThrow(
  questions: Question[],
  submitted: QuestionAnswers,
): QuestionAnswers {
  const result = canonicalizeAnswers(questions, submitted);
  if (!result.ok) throw new QuestionFailure(result.error.reason, result.error.message);
  return result.value;
}
