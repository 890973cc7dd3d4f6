import type { StoreApi } from "zustand/vanilla";
import {
  selectCanAdvance,
  selectCanSubmit,
  selectFirstUnansweredStep,
  selectQuestionValue,
  selectStepProgress,
} from "../store/selectors-drafts";
import type { QuestionStore } from "../store/types";

/**
 * Moves to the next question, or submits on the last one; does nothing while the current question
 * has no answer. On the last question with an earlier one unanswered, it goes there instead of
 * doing nothing: the user sees what is missing.
 */
export function advancePrompt(store: StoreApi<QuestionStore>, promptId: string): void {
  const state = store.getState();
  if (!selectCanAdvance(state, promptId)) return;
  const progress = selectStepProgress(state, promptId);
  if (!progress.isLast) {
    state.goToStep(promptId, progress.step + 1);
    return;
  }
  if (selectCanSubmit(state, promptId)) {
    void state.submit(promptId);
    return;
  }
  const unanswered = selectFirstUnansweredStep(state, promptId);
  if (unanswered !== null) state.goToStep(promptId, unanswered);
}

/** The user tried to go past the shown question: its field says what it lacks from now on. */
export function revealMissing(store: StoreApi<QuestionStore>, promptId: string): void {
  const state = store.getState();
  const { step } = selectStepProgress(state, promptId);
  const question = state.prompts.get(promptId)?.record.questions[step];
  if (question !== undefined) state.leaveQuestions(promptId, [question.questionId]);
}

/** Advances after a single-select pick, except on the last question (submitting stays explicit). */
export function advanceAfterPick(store: StoreApi<QuestionStore>, promptId: string): void {
  const state = store.getState();
  const progress = selectStepProgress(state, promptId);
  if (!progress.isLast && selectCanAdvance(state, promptId)) {
    state.goToStep(promptId, progress.step + 1);
  }
}

/** The card's Enter: submits when every question has an answer, else names the first unanswered one; never moves the step. */
export function submitCard(store: StoreApi<QuestionStore>, promptId: string): string | null {
  const state = store.getState();
  if (selectCanSubmit(state, promptId)) {
    void state.submit(promptId);
    return null;
  }
  const questions = state.prompts.get(promptId)?.record.questions ?? [];
  const unanswered = questions.find(
    (question) => selectQuestionValue(state, promptId, question.questionId).length === 0,
  );
  return unanswered?.questionId ?? null;
}

/** The user tried to submit every question at once (the card): each field says what it lacks. */
export function revealAllMissing(store: StoreApi<QuestionStore>, promptId: string): void {
  const state = store.getState();
  const questions = state.prompts.get(promptId)?.record.questions ?? [];
  state.leaveQuestions(
    promptId,
    questions.map((question) => question.questionId),
  );
}
