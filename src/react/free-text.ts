import type { Question } from "../protocol/types";

/** True when the question takes typed text: it has no options, or its record allows Other (never a URL to open). */
export function allowsFreeText(question: Question): boolean {
  if (question.openUrl !== undefined) return false;
  return question.options.length === 0 || question.isOther === true;
}
