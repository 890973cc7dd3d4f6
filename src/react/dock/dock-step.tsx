import { type ComponentPropsWithRef, useContext, useEffect, useId, useMemo, useRef } from "react";
import { isSafeHttpUrl } from "../../protocol/links";
import { selectShownIssue } from "../../store/answer-issues";
import { selectStepProgress } from "../../store/selectors-drafts";
import { selectPrompt } from "../../store/selectors-prompts";
import { AgentText } from "../agent-text";
import { classNames } from "../class-names";
import { fieldIssueText } from "../field-text";
import { findFocusTarget, focusIsLostOrIn, questionFocusTargets } from "../focus-targets";
import { allowsFreeText } from "../free-text";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { mergeRefs } from "../merge-refs";
import { slideStepIn } from "../motion";
import { LayoutContext, QuestionContext, ShowFocusContext, usePromptId } from "../prompt-context";
import { useIsEditable } from "../use-editable";
import { useQuestionStore } from "../use-question-store";
import { DockOptions } from "./dock-options";
import { DockOther } from "./dock-other";
import { fieldInputType } from "./field-input";
import { scrollContainerOf, usePanelParts } from "./panel-parts";
import { UrlTarget } from "./url-step";

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
  const showFocus = useContext(ShowFocusContext);
  const parts = usePanelParts();
  const currentStep = useQuestionStore((state) => selectStepProgress(state, promptId).step);
  const index = questionIndex ?? currentStep;
  const question = useQuestionStore(
    (state) => selectPrompt(state, promptId)?.record.questions[index],
  );
  const editable = useIsEditable();
  const baseId = useId();
  const element = useRef<HTMLFieldSetElement | null>(null);
  const questionId = question?.questionId;
  const shownIndex = useRef<number | null>(null);

  useEffect(() => {
    const fieldset = element.current;
    if (layout !== "dock" || fieldset === null || questionId === undefined) return;
    const before = shownIndex.current;
    shownIndex.current = index;
    if (before !== null && before !== index) slideStepIn(fieldset, index > before);
    // On a short screen the body scrolls; a new question starts at its top, not where the last one
    // was left. A body that just showed is at its top: setting scrollTop would force a layout.
    const body = before === null ? null : scrollContainerOf(parts);
    if (body !== null) body.scrollTop = 0;
    const panel = parts?.panel.current ?? null;
    // The container showing the dock moves the focus into it as it shows (`ShowFocusContext`).
    if (before === null && showFocus === "container") return;
    // A click that advanced unmounted the focused option, so focus fell to <body>; focus inside
    // this fieldset is on the previous question's field when React reused the element.
    if (!focusIsLostOrIn(panel)) return;
    // On a touch screen a question with only a text field hands the focus to the panel's buttons.
    const targets = questionFocusTargets();
    (findFocusTarget(fieldset, targets) ?? findFocusTarget(panel, targets))?.focus();
  }, [layout, questionId, index, showFocus, parts]);

  const legendId = `${baseId}-legend`;
  const hintId = `${baseId}-hint`;
  const keysId = `${baseId}-keys`;
  const issueId = `${baseId}-issue`;
  // Selected as text: a string compares equal from one snapshot to the next, an issue object not.
  const issueText = useQuestionStore((state) => {
    if (question === undefined) return null;
    const issue = selectShownIssue(state, promptId, question);
    return issue === null ? null : fieldIssueText(issue, dictionary);
  });
  const contextValue = useMemo(
    () => (question === undefined ? null : { question, index, legendId, issueId }),
    [question, index, legendId, issueId],
  );
  if (question === undefined || contextValue === null) return null;
  const hasOther = allowsFreeText(question);
  // A secret answer is a one-line masked field: Enter there continues, so the line hint is wrong.
  // A typed field (a number, a date...) is one line too.
  const oneLine = question.isSecret === true || fieldInputType(question.field) !== null;
  const hint = hasOther && !oneLine ? dictionary.otherHint : null;
  // The digit badges are hidden from screen readers; the group's description says the keys.
  const keys =
    layout === "dock" && question.options.length > 0
      ? formatMessage(dictionary, "optionHint", { count: question.options.length })
      : null;
  const describedBy = [
    keys === null ? null : keysId,
    hint === null ? null : hintId,
    issueText === null ? null : issueId,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <QuestionContext.Provider value={contextValue}>
      <fieldset
        aria-describedby={describedBy === "" ? undefined : describedBy}
        data-question-id={question.questionId}
        data-kind={
          question.openUrl !== undefined
            ? "url"
            : question.options.length === 0
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
          <AgentText text={question.question} />
          {question.field?.required === false ? (
            <span className="ask-step__optional"> ({dictionary.fieldOptional})</span>
          ) : null}
        </legend>
        {question.url !== undefined && isSafeHttpUrl(question.url) ? (
          <a className="ask-link" href={question.url} target="_blank" rel="noopener noreferrer">
            {dictionary.openLink}
          </a>
        ) : null}
        {children ??
          (question.openUrl !== undefined ? (
            <UrlTarget url={question.openUrl} />
          ) : (
            <>
              <DockOptions />
              {hasOther ? <DockOther /> : null}
            </>
          ))}
        {keys === null ? null : (
          <span id={keysId} className="ask-visually-hidden">
            {keys}
          </span>
        )}
        {hint === null ? null : (
          <p id={hintId} className="ask-step__hint">
            {hint}
          </p>
        )}
        {/* Always present, so a screen reader hears the rule as soon as the answer breaks it. */}
        {question.field === undefined ? null : (
          <p id={issueId} className="ask-step__issue" aria-live="polite">
            {issueText}
          </p>
        )}
      </fieldset>
    </QuestionContext.Provider>
  );
}
