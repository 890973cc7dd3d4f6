import { selectAnswerIssues } from "./answer-issues";
import {
  defaultDraftOf,
  EMPTY_PROMPT_DRAFT,
  EMPTY_QUESTION_DRAFT,
  questionValue,
} from "./draft-values";
import type { PromptDraft, QuestionDraft, QuestionStoreState } from "./types";

/** The user's unsent work on a prompt (an empty draft when untouched). */
export function selectDraft(state: QuestionStoreState, promptId: string): PromptDraft {
  return state.drafts.get(promptId) ?? EMPTY_PROMPT_DRAFT;
}

/** The user's unsent work on one question (empty when untouched). */
export function selectQuestionDraft(
  state: QuestionStoreState,
  promptId: string,
  questionId: string,
): QuestionDraft {
  const touched = state.drafts.get(promptId)?.questions.get(questionId);
  if (touched !== undefined) return touched;
  const question = state.prompts
    .get(promptId)
    ?.record.questions.find((item) => item.questionId === questionId);
  return question === undefined ? EMPTY_QUESTION_DRAFT : defaultDraftOf(question);
}

/** What would be sent for one question: chosen labels in option order, then the trimmed free text. */
export function selectQuestionValue(
  state: QuestionStoreState,
  promptId: string,
  questionId: string,
): string[] {
  const question = state.prompts
    .get(promptId)
    ?.record.questions.find((item) => item.questionId === questionId);
  if (question === undefined) return [];
  return questionValue(question, state.drafts.get(promptId)?.questions.get(questionId));
}

/** Stepper position: 0-based `step` (shown as step + 1) of `total` questions. */
export function selectStepProgress(
  state: QuestionStoreState,
  promptId: string,
): { step: number; total: number; isFirst: boolean; isLast: boolean } {
  const total = state.prompts.get(promptId)?.record.questions.length ?? 0;
  const step = Math.min(selectDraft(state, promptId).step, Math.max(0, total - 1));
  return { step, total, isFirst: step === 0, isLast: step >= total - 1 };
}

/**
 * Whether each question's value may be sent, in question order (empty for an unknown prompt): it
 * has one, or it is an optional form field left empty, and it keeps its field's rules (or the
 * source's own check of the answers).
 */
function hasValues(state: QuestionStoreState, promptId: string): boolean[] {
  return selectAnswerIssues(state, promptId).map((issue) => issue === null);
}

function isWaiting(state: QuestionStoreState, promptId: string): boolean {
  return state.prompts.get(promptId)?.status === "pending";
}

/** True when the prompt waits and every question has a value (an answer is never empty). */
export function selectCanSubmit(state: QuestionStoreState, promptId: string): boolean {
  return isWaiting(state, promptId) && hasValues(state, promptId).every(Boolean);
}

/** The 0-based step of the first question still without a value, or null when all have one. */
export function selectFirstUnansweredStep(
  state: QuestionStoreState,
  promptId: string,
): number | null {
  const index = hasValues(state, promptId).indexOf(false);
  return index === -1 ? null : index;
}

/** True when the primary button submits: the last step, and no other question lacks a value. */
export function selectSubmitsNext(state: QuestionStoreState, promptId: string): boolean {
  const { step, isLast } = selectStepProgress(state, promptId);
  return isLast && hasValues(state, promptId).every((has, index) => has || index === step);
}

/** True when the question of the current step has a value (Next is enabled). */
export function selectCanAdvance(state: QuestionStoreState, promptId: string): boolean {
  const { step } = selectStepProgress(state, promptId);
  return isWaiting(state, promptId) && hasValues(state, promptId)[step] === true;
}

/** A question's place in the stepper: the one shown, one that has a value, or one still to answer. */
export type StepState = "current" | "complete" | "upcoming";

/**
 * Every question's `StepState`; typing in the current question never changes the result. A step
 * is complete when it holds an answer that may be sent and the user has seen it (changed it or
 * moved on from it): an optional field left empty is not answered, and a default nobody looked at
 * is not the user's answer yet.
 */
export function selectStepStates(state: QuestionStoreState, promptId: string): StepState[] {
  const { step } = selectStepProgress(state, promptId);
  const draft = state.drafts.get(promptId);
  const questions = state.prompts.get(promptId)?.record.questions ?? [];
  return selectAnswerIssues(state, promptId).map((issue, index) => {
    if (index === step) return "current";
    const question = questions[index];
    if (issue !== null || question === undefined) return "upcoming";
    const id = question.questionId;
    const touched = draft?.questions.get(id);
    const seen = touched !== undefined || draft?.left?.has(id) === true;
    return seen && questionValue(question, touched).length > 0 ? "complete" : "upcoming";
  });
}
