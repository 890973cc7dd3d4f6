import type { Question } from "../protocol/types";

/** True when the question takes typed text: it has no options, or its record allows Other. */
export function allowsFreeText(question: Question): boolean {
  return question.options.length === 0 || question.isOther === true;
}
