import {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_QUESTIONS,
  MAX_TIMEOUT_SECONDS,
  MIN_QUESTIONS,
  MIN_TIMEOUT_SECONDS,
  QUESTION_ID_PATTERN,
} from "./constants";
import { clampHeader } from "./graphemes";
import {
  type NormalizeContext,
  normalizeOptions,
  readTrimmed,
  rejectExtraKeys,
} from "./normalize-options";
import { describeKind, isRecord, joinPath } from "./parse-support";
import type { ParseIssue, Question } from "./types";

/** Normalized `ask_user` input, ready for `question.request`. */
export type NormalizedAskUserInput = { questions: Question[]; timeoutSeconds: number };

/** Outcome of `normalizeAskUserInput`: the value with non-fatal warnings, or field-level errors. */
export type NormalizeAskUserInputResult =
  | { ok: true; value: NormalizedAskUserInput; warnings: ParseIssue[] }
  | { ok: false; errors: ParseIssue[] };

const INPUT_KEYS = new Set(["questions", "timeoutSeconds"]);
const QUESTION_KEYS = new Set(["id", "header", "question", "options", "multiSelect"]);

function normalizeQuestion(
  value: unknown,
  path: string,
  context: NormalizeContext,
): Question | null {
  if (!isRecord(value)) {
    context.errors.push({ path, message: `must be an object, got ${describeKind(value)}` });
    return null;
  }
  rejectExtraKeys(value, QUESTION_KEYS, path, context);
  let questionId: string | null = null;
  if (typeof value.id !== "string") {
    context.errors.push({
      path: joinPath(path, "id"),
      message: `must be a string, got ${describeKind(value.id)}`,
    });
  } else if (!QUESTION_ID_PATTERN.test(value.id)) {
    context.errors.push({
      path: joinPath(path, "id"),
      message: `must be snake_case: a lower-case letter, then lower-case letters, digits or '_' (got '${value.id}')`,
    });
  } else questionId = value.id.trim();
  const header = readTrimmed(value.header, joinPath(path, "header"), context);
  const question = readTrimmed(value.question, joinPath(path, "question"), context);
  const options = normalizeOptions(value.options, joinPath(path, "options"), context);
  if (value.multiSelect !== undefined && typeof value.multiSelect !== "boolean") {
    context.errors.push({
      path: joinPath(path, "multiSelect"),
      message: `must be a boolean, got ${describeKind(value.multiSelect)}`,
    });
  }
  if (questionId === null || header === null || question === null) return null;
  return {
    questionId,
    // Clamping can cut inside a run of spaces; a header never ends in one (it is a reply key).
    header: clampHeader(header).trimEnd(),
    question,
    options,
    ...(value.multiSelect === true ? { multiSelect: true } : {}),
    isOther: true,
  };
}

function normalizeTimeout(value: unknown, context: NormalizeContext): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    context.errors.push({
      path: "timeoutSeconds",
      message: `must be an integer, got ${String(value)}`,
    });
    return DEFAULT_TIMEOUT_SECONDS;
  }
  return Math.min(MAX_TIMEOUT_SECONDS, Math.max(MIN_TIMEOUT_SECONDS, value));
}

function normalize(input: unknown): NormalizeAskUserInputResult {
  const context: NormalizeContext = { errors: [], warnings: [] };
  if (!isRecord(input)) {
    return {
      ok: false,
      errors: [{ path: "(root)", message: `must be an object, got ${describeKind(input)}` }],
    };
  }
  rejectExtraKeys(input, INPUT_KEYS, "", context);
  const questions: Question[] = [];
  if (!Array.isArray(input.questions)) {
    context.errors.push({
      path: "questions",
      message: `must be an array, got ${describeKind(input.questions)}`,
    });
  } else {
    if (input.questions.length < MIN_QUESTIONS || input.questions.length > MAX_QUESTIONS) {
      context.errors.push({
        path: "questions",
        message: `needs ${MIN_QUESTIONS} to ${MAX_QUESTIONS} questions, got ${input.questions.length}`,
      });
    }
    const seenIds = new Set<string>();
    input.questions.forEach((item, index) => {
      const question = normalizeQuestion(item, `questions[${index}]`, context);
      if (question === null) return;
      if (seenIds.has(question.questionId)) {
        context.errors.push({
          path: `questions[${index}].id`,
          message: `duplicate question id '${question.questionId}'`,
        });
      }
      seenIds.add(question.questionId);
      questions.push(question);
    });
  }
  const timeoutSeconds = normalizeTimeout(input.timeoutSeconds, context);
  if (context.errors.length > 0) return { ok: false, errors: context.errors };
  return { ok: true, value: { questions, timeoutSeconds }, warnings: context.warnings };
}

/** Applies the `ask_user` input rules; returns field-level errors instead of throwing, whatever the input. */
export function normalizeAskUserInput(input: unknown): NormalizeAskUserInputResult {
  try {
    return normalize(input);
  } catch {
    return { ok: false, errors: [{ path: "(root)", message: "could not be read as tool input" }] };
  }
}
