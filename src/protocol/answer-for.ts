import type { QuestionAnswers } from "./types";

/**
 * The values answered for one question. Answers come from JSON keyed by model-chosen ids, so only
 * an own key counts: `constructor` or `toString` must never read what every object inherits.
 */
export function answerFor(
  answers: QuestionAnswers | null | undefined,
  questionId: string,
): string[] | undefined {
  if (answers === null || answers === undefined) return undefined;
  return Object.hasOwn(answers.answers, questionId) ? answers.answers[questionId] : undefined;
}
