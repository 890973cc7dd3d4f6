import { type ComponentPropsWithRef, useContext, useEffect, useId, useMemo, useRef } from "react";
import { isSafeHttpUrl } from "../../protocol/index";
import { selectPrompt, selectStepProgress } from "../../store/index";
import { classNames } from "../class-names";
import { useDictionary } from "../context";
import { findFocusTarget, QUESTION_FOCUS_TARGETS } from "../focus-targets";
import { allowsFreeText } from "../free-text";
import { mergeRefs } from "../merge-refs";
import { LayoutContext, QuestionContext, usePromptId } from "../prompt-context";
import { useIsEditable } from "../use-editable";
import { useQuestionStore } from "../use-question-store";
import { DockOptions } from "./dock-options";
import { DockOther } from "./dock-other";

/** Props of `QuestionDock.Step`; `questionIndex` fixes the question (the card shows all). */
export type QuestionDockStepProps = ComponentPropsWithRef<"fieldset"> & { questionIndex?: number };

/** One question: a fieldset whose legend is the question, its options, Other and an optional link. */
export function DockStep({
  questionIndex,
  className,
  children,
  disabled,
  ref,
  ...props
}: QuestionDockStepProps) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const layout = useContext(LayoutContext);
  const currentStep = useQuestionStore((state) => selectStepProgress(state, promptId).step);
  const index = questionIndex ?? currentStep;
  const question = useQuestionStore(
    (state) => selectPrompt(state, promptId)?.record.questions[index],
  );
  const editable = useIsEditable();
  const baseId = useId();
  const element = useRef<HTMLFieldSetElement | null>(null);
  const questionId = question?.questionId;

  useEffect(() => {
    const fieldset = element.current;
    if (layout !== "dock" || fieldset === null || questionId === undefined) return;
    // On a short screen the body scrolls; a new question starts at its top, not where the last one was left.
    const body = fieldset.closest(".ask-dock__body");
    if (body !== null) body.scrollTop = 0;
    const panel = fieldset.closest(".ask-dock");
    const active = document.activeElement;
    // A click that advanced unmounted the focused option; focus then falls to <body>.
    const focusWasLost = active === null || active === document.body;
    const focusIsInPanel = panel?.contains(active) === true;
    // Focus inside this fieldset is on the previous question's field when React reused the element.
    if (!(focusWasLost || focusIsInPanel)) return;
    findFocusTarget(fieldset, QUESTION_FOCUS_TARGETS)?.focus();
  }, [layout, questionId]);

  const legendId = `${baseId}-legend`;
  const hintId = `${baseId}-hint`;
  const contextValue = useMemo(
    () => (question === undefined ? null : { question, index, legendId }),
    [question, index, legendId],
  );
  if (question === undefined || contextValue === null) return null;
  const hasOther = allowsFreeText(question);
  return (
    <QuestionContext.Provider value={contextValue}>
      <fieldset
        aria-describedby={hasOther ? hintId : undefined}
        data-question-id={question.questionId}
        data-kind={
          question.options.length === 0
            ? "text"
            : question.multiSelect === true
              ? "multiple"
              : "single"
        }
        {...props}
        disabled={disabled === true || !editable}
        ref={mergeRefs(ref, element)}
        className={classNames("ask-step", className)}
      >
        <legend id={legendId} className="ask-step__question">
          <bdi>{question.question}</bdi>
        </legend>
        {question.url !== undefined && isSafeHttpUrl(question.url) ? (
          <a className="ask-link" href={question.url} target="_blank" rel="noopener noreferrer">
            {dictionary.openLink}
          </a>
        ) : null}
        {children ?? (
          <>
            <DockOptions />
            {hasOther ? <DockOther /> : null}
          </>
        )}
        {hasOther ? (
          <p id={hintId} className="ask-step__hint">
            {dictionary.otherHint}
          </p>
        ) : null}
      </fieldset>
    </QuestionContext.Provider>
  );
}
