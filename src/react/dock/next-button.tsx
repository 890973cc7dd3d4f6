import { type ComponentPropsWithRef, useId } from "react";
import { selectShownIssue } from "../../store/answer-issues";
import { selectStepProgress, selectSubmitsNext } from "../../store/selectors-drafts";
import { selectPrompt } from "../../store/selectors-prompts";
import { revealMissing } from "../advance";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { fieldIssueText } from "../field-text";
import { findFocusTarget, QUESTION_FOCUS_TARGETS } from "../focus-targets";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useAdvance } from "../use-actions";
import { useIsEditable } from "../use-editable";
import { useQuestionStore } from "../use-question-store";
import { usePanelParts } from "./panel-parts";
import { useSwitchGuard } from "./use-switch-guard";

/** The question the user must answer before Next does anything: the shown one of this prompt. */
function focusShownQuestion(panel: HTMLElement | null): void {
  findFocusTarget(panel?.querySelector("[data-question-id]"), QUESTION_FOCUS_TARGETS)?.focus();
}

/**
 * "Next", or "Submit" on the last question once no other lacks an answer. Until the current
 * question has one it stays focusable (`aria-disabled`, so Tab and screen readers find it) and is
 * described by what is missing; pressing it then takes the focus to the question.
 */
export function NextButton({ className, onClick, ...props }: ComponentPropsWithRef<"button">) {
  const promptId = usePromptId();
  const { store } = useQuestionsContext();
  const dictionary = useDictionary();
  const advance = useAdvance();
  const parts = usePanelParts();
  const editable = useIsEditable();
  const submits = useQuestionStore((state) => selectSubmitsNext(state, promptId));
  const hasOptions = useQuestionStore((state) => {
    const { step } = selectStepProgress(state, promptId);
    return (selectPrompt(state, promptId)?.record.questions[step]?.options.length ?? 0) > 0;
  });
  // A form field whose answer breaks a rule: Next says that rule, as the field does.
  const brokenRule = useQuestionStore((state) => {
    const { step } = selectStepProgress(state, promptId);
    const question = selectPrompt(state, promptId)?.record.questions[step];
    if (question === undefined) return null;
    const issue = selectShownIssue(state, promptId, question);
    return issue === null || issue.rule === "required" ? null : fieldIssueText(issue, dictionary);
  });
  const missedAfterSwitch = useSwitchGuard();
  const reasonId = useId();
  const needsAnswer = advance === null && editable;
  return (
    <>
      <button
        type="button"
        data-variant="primary"
        aria-disabled={advance === null ? "true" : undefined}
        aria-describedby={needsAnswer ? reasonId : undefined}
        {...props}
        className={classNames("ask-button", className)}
        onClick={composeEventHandlers(onClick, (event) => {
          if (missedAfterSwitch(event)) return;
          if (advance !== null) advance();
          else if (needsAnswer) {
            // The field says why from now on, visibly, not only to a screen reader.
            revealMissing(store, promptId);
            focusShownQuestion(parts?.panel.current ?? null);
          }
        })}
      >
        {submits ? dictionary.submit : dictionary.next}
      </button>
      {needsAnswer ? (
        <span id={reasonId} className="ask-visually-hidden">
          {brokenRule ?? (hasOptions ? dictionary.nextNeedsChoice : dictionary.nextNeedsText)}
        </span>
      ) : null}
    </>
  );
}
