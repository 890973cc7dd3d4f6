import { parseKeyedLines } from "./reply-keys";
import type { Question, QuestionAnswers } from "./types";

const DIGITS_PATTERN = /^\d+$/;
const MULTI_SELECT_SEPARATOR = /[,;\n]/u;

function matchOption(text: string, question: Question): string | undefined {
  const trimmed = text.trim();
  if (DIGITS_PATTERN.test(trimmed)) {
    const indexed = question.options[Number(trimmed) - 1];
    if (indexed !== undefined) return indexed.label;
  }
  const lowered = trimmed.toLowerCase();
  return question.options.find((option) => option.label.toLowerCase() === lowered)?.label;
}

function resolvePart(text: string, question: Question): string | undefined {
  const matched = matchOption(text, question);
  if (matched !== undefined) return matched;
  if (question.options.length > 0 && question.isOther !== true) return undefined;
  return text.trim() || undefined;
}

function resolveAnswer(text: string, question: Question): string[] {
  if (question.multiSelect !== true) {
    const value = resolvePart(text, question);
    return value === undefined ? [] : [value];
  }
  const whole = matchOption(text, question);
  if (whole !== undefined) return [whole];
  const parts = text
    .split(MULTI_SELECT_SEPARATOR)
    .map((part) => resolvePart(part, question))
    .filter((part): part is string => part !== undefined);
  return [...new Set(parts)];
}

/** Parses a plain-text reply into answers by the shared reply rules; `missing` lists unanswered question ids. */
export function parseTextReply(
  questions: Question[],
  text: string,
): { answers: QuestionAnswers; missing: string[] } {
  const answers: Record<string, string[]> = {};
  const [only] = questions;
  if (questions.length === 1 && only !== undefined) {
    answers[only.questionId] = resolveAnswer(text, only);
  } else {
    const keyed = parseKeyedLines(text);
    const lines = text.split(/\r?\n/).map((line) => line.trim());
    questions.forEach((question, index) => {
      const answer =
        keyed.get(question.questionId.toLowerCase()) ??
        keyed.get(question.header.toLowerCase()) ??
        keyed.get(question.question.toLowerCase()) ??
        keyed.get(String(index + 1)) ??
        lines[index] ??
        "";
      answers[question.questionId] = answer ? resolveAnswer(answer, question) : [];
    });
  }
  const missing = questions
    .filter((question) => (answers[question.questionId] ?? []).length === 0)
    .map((question) => question.questionId);
  return { answers: { answers }, missing };
}
