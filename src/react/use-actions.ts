import { useCallback } from "react";
import { isAnswerable, promptStateOf } from "../store/prompt-state";
import { selectCanAdvance, selectCanSubmit, selectStepProgress } from "../store/selectors-drafts";
import { selectPrompt } from "../store/selectors-prompts";
import { advancePrompt } from "./advance";
import { useQuestionsContext } from "./context";
import { usePromptId } from "./prompt-context";
import { useExpandSetter } from "./use-expanded";
import { useQuestionStore } from "./use-question-store";

/** Sends the answers; null while the prompt cannot be submitted. */
export function useSubmit(promptId?: string): (() => void) | null {
  const id = usePromptId(promptId);
  const { store } = useQuestionsContext();
  const canSubmit = useQuestionStore((state) => selectCanSubmit(state, id));
  const submit = useCallback(() => void store.getState().submit(id), [store, id]);
  return canSubmit ? submit : null;
}

/** Skips (cancels) the whole prompt; null once it can no longer be skipped. */
export function useSkip(promptId?: string): (() => void) | null {
  const id = usePromptId(promptId);
  const { store } = useQuestionsContext();
  const canSkip = useQuestionStore((state) => isAnswerable(promptStateOf(selectPrompt(state, id))));
  const skip = useCallback(() => void store.getState().skip(id), [store, id]);
  return canSkip ? skip : null;
}

/** Goes to a step (0-based); null once the prompt is no longer answerable. */
export function useGoToStep(promptId?: string): ((step: number) => void) | null {
  const id = usePromptId(promptId);
  const { store } = useQuestionsContext();
  const canMove = useQuestionStore((state) => isAnswerable(promptStateOf(selectPrompt(state, id))));
  const goToStep = useCallback((step: number) => store.getState().goToStep(id, step), [store, id]);
  return canMove ? goToStep : null;
}

/** Goes back one question; null on the first. */
export function useBack(promptId?: string): (() => void) | null {
  const id = usePromptId(promptId);
  const goToStep = useGoToStep(id);
  const step = useQuestionStore((state) => selectStepProgress(state, id).step);
  const back = useCallback(() => goToStep?.(step - 1), [goToStep, step]);
  return goToStep !== null && step > 0 ? back : null;
}

/** Next question, or Submit on the last; null while the current answer is missing. */
export function useAdvance(promptId?: string): (() => void) | null {
  const id = usePromptId(promptId);
  const { store } = useQuestionsContext();
  const canAdvance = useQuestionStore((state) => selectCanAdvance(state, id));
  const advance = useCallback(() => advancePrompt(store, id), [store, id]);
  return canAdvance ? advance : null;
}

/** Sends again after an error; null when there is nothing to retry. */
export function useRetry(promptId?: string): (() => void) | null {
  const id = usePromptId(promptId);
  const { store } = useQuestionsContext();
  const hasError = useQuestionStore((state) => selectPrompt(state, id)?.error != null);
  const retry = useCallback(() => void store.getState().retry(id), [store, id]);
  return hasError ? retry : null;
}

/** Forgets an ended prompt: removes it, its timeline summary and its stored copy from this page. */
export function useForgetPrompt(promptId?: string): () => void {
  const id = usePromptId(promptId);
  const { store } = useQuestionsContext();
  return useCallback(() => store.getState().forget(id), [store, id]);
}

/** Collapses (false) or expands (true) the dock of this session pane (through a controlling `ComposerDock`, when there is one). */
export function useSetExpanded(): (expanded: boolean) => void {
  return useExpandSetter();
}
