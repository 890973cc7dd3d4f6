import type { StoreApi } from "zustand/vanilla";
import {
  selectCanAdvance,
  selectCanSubmit,
  selectQuestionValue,
  selectStepProgress,
} from "../store/index";
import type { QuestionStore } from "../store/types";

/** Moves to the next question, or submits on the last one; does nothing when not allowed. */
export function advancePrompt(store: StoreApi<QuestionStore>, promptId: string): void {
  const state = store.getState();
  const progress = selectStepProgress(state, promptId);
  if (progress.isLast) {
    if (selectCanSubmit(state, promptId)) void state.submit(promptId);
    return;
  }
  if (selectCanAdvance(state, promptId)) state.goToStep(promptId, progress.step + 1);
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
  const questions = state.prompts[promptId]?.record.questions ?? [];
  const unanswered = questions.find(
    (question) => selectQuestionValue(state, promptId, question.questionId).length === 0,
  );
  return unanswered?.questionId ?? null;
}
