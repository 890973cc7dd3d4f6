import {
  type ChangeEvent,
  type ChangeEventHandler,
  type FocusEvent,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useMemo,
  useRef,
} from "react";
import { displayText } from "../../protocol/display-text";
import { selectShownIssue } from "../../store/answer-issues";
import { selectQuestionDraft } from "../../store/selectors-drafts";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { mergeRefs } from "../merge-refs";
import { useCurrentQuestion, usePromptId } from "../prompt-context";
import { useIsEditable } from "../use-editable";
import { useQuestionStore } from "../use-question-store";
import { fieldInputType, fromLocalInput, toLocalInput } from "./field-input";

/** The element `QuestionDock.Other` renders: a textarea, or a masked input for a secret question. */
export type OtherFieldElement = HTMLTextAreaElement | HTMLInputElement;

/** Props of `QuestionDock.Other`; they reach the textarea, or the masked input of a secret question. */
export type QuestionDockOtherProps = Omit<
  TextareaHTMLAttributes<OtherFieldElement>,
  "onChange" | "value" | "defaultValue"
> & {
  ref?: Ref<OtherFieldElement>;
  onChange?: ChangeEventHandler<OtherFieldElement>;
};

const OTHER_ROWS = 1;

/** The free-text field ("Your own answer for Extras"); the only field of a question without options ("Type your answer here"). */
export function DockOther({
  className,
  onChange,
  ref,
  disabled,
  ...props
}: QuestionDockOtherProps) {
  const { store } = useQuestionsContext();
  const dictionary = useDictionary();
  const promptId = usePromptId();
  const { question, legendId, issueId } = useCurrentQuestion();
  const editable = useIsEditable();
  const mergedRef = useMemo(() => mergeRefs<OtherFieldElement>(ref), [ref]);
  const text = useQuestionStore(
    (state) => selectQuestionDraft(state, promptId, question.questionId)?.otherText ?? "",
  );
  // Single-select: text typed before an option was picked is kept, but is not the answer.
  const notChosen = useQuestionStore((state) => {
    if (question.multiSelect === true) return false;
    const draft = selectQuestionDraft(state, promptId, question.questionId);
    return draft.otherText.trim() !== "" && draft.selected.length > 0;
  });
  // The typed text is the answer: multi-select takes it beside the options, single-select alone.
  const holdsAnswer = useQuestionStore((state) => {
    const draft = selectQuestionDraft(state, promptId, question.questionId);
    return (
      draft.otherText.trim() !== "" && (question.multiSelect === true || !draft.selected.length)
    );
  });
  const breaksRule = useQuestionStore(
    (state) => selectShownIssue(state, promptId, question) !== null,
  );
  const hintId = useId();
  const generatedId = useId();
  const fieldId = props.id ?? generatedId;
  const inputType = fieldInputType(question.field);
  const isDateTime = inputType === "datetime-local";
  const update = (event: ChangeEvent<OtherFieldElement>) =>
    store
      .getState()
      .setOtherText(
        promptId,
        question.questionId,
        isDateTime ? fromLocalInput(event.target.value) : event.target.value,
      );
  const returnToText = () => {
    if (notChosen) store.getState().chooseOther(promptId, question.questionId);
  };
  // Once the user leaves the field, a missing answer is said at it: at the question it was
  // focused for, since the element may show the next request by the time it blurs.
  const focusedFor = useRef<{ promptId: string; questionId: string } | null>(null);
  const enter = () => {
    focusedFor.current = { promptId, questionId: question.questionId };
  };
  const leave = (event: FocusEvent<OtherFieldElement>) => {
    const left = focusedFor.current;
    // A window losing the focus keeps the field the active element: the user did not leave it.
    if (left === null || event.currentTarget.ownerDocument.activeElement === event.currentTarget)
      return;
    focusedFor.current = null;
    const say = () => store.getState().leaveQuestions(left.promptId, [left.questionId]);
    // A button pressed with the pointer (Skip all, Back) takes the focus on the way down: a message
    // appearing now would move the button away under the pointer before its click lands, so it
    // waits until the pointer is up and the click done.
    const next = event.relatedTarget;
    if (next instanceof Element && next.matches(":active")) {
      const document = event.currentTarget.ownerDocument;
      document.addEventListener("pointerup", () => setTimeout(say, 0), { once: true });
      return;
    }
    say();
  };
  const isOnlyField = question.options.length === 0;
  // Named after its question: in the card several "Your own answer" fields would sound alike.
  const label = isOnlyField
    ? { "aria-labelledby": legendId }
    : {
        "aria-label": formatMessage(dictionary, "otherLabel", {
          header: displayText(question.header),
        }),
      };
  const shared = {
    "data-other-field": "",
    // What the user types takes its own direction, whatever the dictionary's; an empty field keeps
    // the dictionary's, which its placeholder is written in (auto would turn it left to right).
    dir: text === "" ? undefined : "auto",
    placeholder: isOnlyField ? dictionary.answerPlaceholder : dictionary.otherPlaceholder,
    ...label,
    ...props,
    id: fieldId,
    className: classNames("ask-other", className),
    disabled: disabled === true || !editable,
    value: text,
    onChange: composeEventHandlers(onChange, update),
    onClick: composeEventHandlers(props.onClick, returnToText),
    onFocus: composeEventHandlers(props.onFocus, enter),
    onBlur: composeEventHandlers(props.onBlur, leave),
    ...(notChosen ? { "data-chosen": "false", "aria-describedby": hintId } : {}),
    ...(breaksRule ? { "aria-invalid": true, "aria-describedby": issueId } : {}),
    ref: mergedRef,
  };
  const hint = notChosen ? (
    <span id={hintId} className="ask-other__hint">
      {dictionary.otherNotChosen}
    </span>
  ) : null;
  const { rows: _rows, cols: _cols, wrap: _wrap, ...inputProps } = shared;
  const bounds = question.field;
  const field =
    question.isSecret === true ? (
      <input type="password" autoComplete="off" {...inputProps} />
    ) : inputType !== null ? (
      <input
        {...inputProps}
        // A new element per type: Chromium keeps a focused date input's editor when only `type`
        // changes (date -> datetime-local), and the keys typed then never reach the new one.
        key={inputType}
        type={inputType}
        // A date, a number or an address reads left to right in every language.
        dir="ltr"
        value={isDateTime ? toLocalInput(text) : text}
        aria-required={bounds?.required === false ? undefined : true}
        {...(inputType === "number"
          ? {
              step: bounds?.type === "integer" ? 1 : "any",
              ...(bounds?.minimum === undefined ? {} : { min: bounds.minimum }),
              ...(bounds?.maximum === undefined ? {} : { max: bounds.maximum }),
            }
          : {})}
      />
    ) : (
      <textarea rows={OTHER_ROWS} aria-required={bounds?.required ? true : undefined} {...shared} />
    );
  if (isOnlyField) {
    return (
      <>
        {field}
        {hint}
      </>
    );
  }
  // Beside options it is one more option row: the marker shows when the text is the answer, the
  // digit that focuses it is shown like theirs, and a click anywhere on the row lands in the field.
  return (
    <>
      <label
        htmlFor={fieldId}
        className="ask-option ask-option--other"
        data-kind={question.multiSelect === true ? "multiple" : "single"}
        data-state={holdsAnswer ? "checked" : "unchecked"}
      >
        <span className="ask-option__indicator" aria-hidden="true" />
        {field}
        <span className="ask-option__digit" aria-hidden="true">
          {question.options.length + 1}
        </span>
      </label>
      {hint}
    </>
  );
}
