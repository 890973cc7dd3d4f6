import { parseKeyedLines } from "./reply-keys";
import type { Question, QuestionAnswers } from "./types";

const DIGITS_PATTERN = /^\d+$/;
const MULTI_SELECT_SEPARATOR = /[,;\n]/u;

// Direction marks that right-to-left keyboards and clients put around a typed number.
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function matchOption(text: string, question: Question): string | undefined {
  const trimmed = text.trim();
  // Full-width digits, as a Japanese input method types them, count as digits too.
  const digits = trimmed.normalize("NFKC").replace(BIDI_MARKS, "");
  if (DIGITS_PATTERN.test(digits)) {
    const indexed = question.options[Number(digits) - 1];
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
    const keysOf = (question: Question, index: number) =>
      [question.questionId, question.header, question.question, String(index + 1)].map((key) =>
        key.trim().toLowerCase(),
      );
    const keyed = parseKeyedLines(text, questions.flatMap(keysOf));
    const lines = text.split(/\r?\n/).map((line) => line.trim());
    // An unkeyed question takes the line at its own position, unless that line is keyed to
    // another question: "Name: my-app" must never become the answer to Extras.
    const lineAt = (index: number) => (keyed.lineIndexes.has(index) ? "" : lines[index]);
    questions.forEach((question, index) => {
      const answer =
        keysOf(question, index)
          .map((key) => keyed.values.get(key))
          .find((value) => value !== undefined) ??
        lineAt(index) ??
        "";
      answers[question.questionId] = answer ? resolveAnswer(answer, question) : [];
    });
  }
  const missing = questions
    .filter((question) => (answers[question.questionId] ?? []).length === 0)
    .map((question) => question.questionId);
  return { answers: { answers }, missing };
}
