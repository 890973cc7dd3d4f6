import { answerFor } from "../protocol/answer-for";
import type { Question, QuestionAnswers, QuestionRecord } from "../protocol/types";
import type { PromptDraft, QuestionDraft } from "./types";

/** A text form field's value is sent as typed, spaces included. */
export const keepsSpaces = (question: Question): boolean => question.field?.type === "string";

/** A question nobody has touched yet. */
export const EMPTY_QUESTION_DRAFT: QuestionDraft = { selected: [], otherText: "" };

/** A prompt nobody has touched yet. */
export const EMPTY_PROMPT_DRAFT: PromptDraft = { questions: new Map(), step: 0 };

const defaultDrafts = new WeakMap<Question, QuestionDraft>();

/**
 * An untouched question's draft: empty, or a form field's defaults (chosen options, or its text),
 * or the option the source chose from the start.
 * One object per question, so a selector returning it gives React the same snapshot each time.
 */
export function defaultDraftOf(question: Question): QuestionDraft {
  const known = defaultDrafts.get(question);
  if (known !== undefined) return known;
  const draft = readDefaults(question);
  defaultDrafts.set(question, draft);
  return draft;
}

function readDefaults(question: Question): QuestionDraft {
  const { preselect } = question;
  if (question.options.some((option) => option.label === preselect))
    return { selected: [preselect as string], otherText: "" };
  const defaults = question.field?.defaults;
  if (defaults === undefined || defaults.length === 0) return EMPTY_QUESTION_DRAFT;
  if (question.options.length === 0) return { selected: [], otherText: defaults[0] ?? "" };
  const labels = new Set(question.options.map((option) => option.label));
  return { selected: defaults.filter((value) => labels.has(value)), otherText: "" };
}

/**
 * What would be sent for one question: chosen labels in option order, then the free text, trimmed
 * unless it is a text form field's value, which goes as typed (a schema may count its spaces).
 */
export function questionValue(question: Question, touched: QuestionDraft | undefined): string[] {
  const draft = touched ?? defaultDraftOf(question);
  const text = keepsSpaces(question) ? draft.otherText : draft.otherText.trim();
  const labels = question.options
    .map((option) => option.label)
    .filter((label) => draft.selected.includes(label));
  if (question.multiSelect === true) return text === "" ? labels : [...labels, text];
  // Single-select: a chosen option wins over free text kept from before it was chosen.
  if (labels.length > 0) return labels.slice(0, 1);
  return text === "" ? [] : [text];
}

/** Every question's value, empty arrays included (what submit validates). */
export function draftToAnswers(
  record: QuestionRecord,
  draft: PromptDraft | undefined,
): QuestionAnswers {
  const answers = record.questions.map(
    (question) =>
      [
        question.questionId,
        questionValue(question, draft?.questions.get(question.questionId)),
      ] as const,
  );
  return { answers: Object.fromEntries(answers) };
}

/**
 * The answered part of a draft, or null when the user has not answered anything yet. Only what
 * the user changed counts: a form field's default, untouched or set back, is not their answer.
 */
export function draftToUnsentAnswers(
  record: QuestionRecord,
  draft: PromptDraft | undefined,
): QuestionAnswers | null {
  if (draft === undefined) return null;
  const answers: [string, string[]][] = [];
  for (const question of record.questions) {
    const touched = draft.questions.get(question.questionId);
    if (touched === undefined) continue;
    const value = questionValue(question, touched);
    const fallback = questionValue(question, undefined);
    if (value.length > 0 && !sameValues(value, fallback))
      answers.push([question.questionId, value]);
  }
  return answers.length === 0 ? null : { answers: Object.fromEntries(answers) };
}

function sameValues(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  const sortedRight = [...right].sort();
  return [...left].sort().every((value, index) => value === sortedRight[index]);
}

/** True when both answer sets hold the same values per question (order within a question ignored). */
export function sameAnswers(left: QuestionAnswers, right: QuestionAnswers): boolean {
  const leftIds = Object.keys(left.answers);
  if (leftIds.length !== Object.keys(right.answers).length) return false;
  return leftIds.every((id) => {
    const other = answerFor(right, id);
    const mine = answerFor(left, id);
    return other !== undefined && mine !== undefined && sameValues(mine, other);
  });
}
