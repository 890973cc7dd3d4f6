import { type KeyboardEvent, useCallback } from "react";
import { isEditable, promptStateOf } from "../store/prompt-state";
import { selectCanAdvance, selectCanSubmit, selectStepProgress } from "../store/selectors-drafts";
import { selectPrompt } from "../store/selectors-prompts";
import {
  advanceAfterPick,
  advancePrompt,
  revealAllMissing,
  revealMissing,
  submitCard,
} from "./advance";
import { useQuestionsContext } from "./context";
import { findFocusTarget, QUESTION_FOCUS_TARGETS } from "./focus-targets";
import { allowsFreeText } from "./free-text";
import {
  digitOf,
  hasCommandModifier,
  isCommandEnter,
  isComposing,
  isTextEntryTarget,
} from "./keyboard";
import type { LayoutKind } from "./prompt-context";
import { useSetExpanded } from "./use-actions";

const QUESTION_SELECTOR = "[data-question-id]";
const OTHER_SELECTOR = "[data-other-field]";
const OPTION_SELECTOR = '[role="radio"], [role="checkbox"]';

function questionIdOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest<HTMLElement>(QUESTION_SELECTOR)?.dataset.questionId ?? null;
}

function isNativeButton(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const role = target.getAttribute("role");
  return (
    (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) &&
    role !== "radio" &&
    role !== "checkbox"
  );
}

function questionElement(scope: HTMLElement, questionId: string): HTMLElement | null {
  return scope.querySelector<HTMLElement>(`[data-question-id="${questionId}"]`);
}

/** The keyboard rules of ask-user.md section 2, for a dock (one step) or a card (all questions). */
export function useQuestionKeyboard(
  promptId: string,
  layout: LayoutKind,
): (event: KeyboardEvent<HTMLElement>) => void {
  const { store } = useQuestionsContext();
  const setExpanded = useSetExpanded();
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (isComposing(event)) return;
      if (event.key === "Escape" && !hasCommandModifier(event)) {
        event.preventDefault();
        setExpanded(false);
        return;
      }
      // The card shows every question at once and has no stepper: Enter there only ever submits.
      const commit = (scopeElement: HTMLElement, pressedOn: EventTarget | null) => {
        // Enter in a question tries to go past it; a stray one (typed on as a request ended) does
        // not, so the next request shows no complaint it was never given cause for.
        const fromQuestion = questionIdOf(pressedOn) !== null;
        if (layout === "dock") {
          if (fromQuestion && !selectCanAdvance(store.getState(), promptId))
            revealMissing(store, promptId);
          advancePrompt(store, promptId);
          return;
        }
        if (fromQuestion && !selectCanSubmit(store.getState(), promptId))
          revealAllMissing(store, promptId);
        const unansweredId = submitCard(store, promptId);
        if (unansweredId === null) return;
        const target = questionElement(scopeElement, unansweredId);
        findFocusTarget(target, QUESTION_FOCUS_TARGETS)?.focus();
      };
      if (isCommandEnter(event)) {
        event.preventDefault();
        commit(event.currentTarget, event.target);
        return;
      }
      // Shift is not a command modifier: French and Belgian layouts need it to type a digit.
      if (hasCommandModifier(event)) return;
      const state = store.getState();
      const record = selectPrompt(state, promptId)?.record;
      if (record === undefined) return;
      if (event.key === "Enter") {
        if (event.target instanceof HTMLTextAreaElement || isNativeButton(event.target)) return;
        event.preventDefault();
        commit(event.currentTarget, event.target);
        return;
      }
      const digit = digitOf(event);
      if (digit === null || isTextEntryTarget(event.target)) return;
      if (!isEditable(promptStateOf(selectPrompt(state, promptId)))) return;
      const focusedId = questionIdOf(event.target);
      const step = selectStepProgress(state, promptId).step;
      const question =
        record.questions.find((candidate) => candidate.questionId === focusedId) ??
        record.questions[step];
      if (question === undefined) return;
      const scopeElement = questionElement(event.currentTarget, question.questionId);
      if (digit === question.options.length + 1 && allowsFreeText(question)) {
        event.preventDefault();
        scopeElement?.querySelector<HTMLElement>(OTHER_SELECTOR)?.focus();
        return;
      }
      const option = question.options[digit - 1];
      if (option === undefined) return;
      event.preventDefault();
      if (question.multiSelect === true) {
        state.toggleOption(promptId, question.questionId, option.label);
      } else {
        state.chooseOption(promptId, question.questionId, option.label);
        if (layout === "dock") advanceAfterPick(store, promptId);
      }
      // Staying on this question, the focus goes to what was picked, so a screen reader says it;
      // after an advance the next question takes the focus instead.
      if (selectStepProgress(store.getState(), promptId).step !== step) return;
      scopeElement?.querySelectorAll<HTMLElement>(OPTION_SELECTOR)[digit - 1]?.focus();
    },
    [store, setExpanded, promptId, layout],
  );
}
