import {
  type ChangeEvent,
  type ChangeEventHandler,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useMemo,
} from "react";
import { selectQuestionDraft } from "../../store/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { mergeRefs } from "../merge-refs";
import { useCurrentQuestion, usePromptId } from "../prompt-context";
import { useIsEditable } from "../use-editable";
import { useQuestionStore } from "../use-question-store";

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

/** The free-text field ("Type your own answer here"); the only field of a question without options. */
export function DockOther({
  className,
  onChange,
  ref,
  disabled,
  ...props
}: QuestionDockOtherProps) {
  const { store, dictionary } = useQuestionsContext();
  const promptId = usePromptId();
  const { question, legendId } = useCurrentQuestion();
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
  const hintId = useId();
  const update = (event: ChangeEvent<OtherFieldElement>) =>
    store.getState().setOtherText(promptId, question.questionId, event.target.value);
  const returnToText = () => {
    if (notChosen) store.getState().chooseOther(promptId, question.questionId);
  };
  const label =
    question.options.length === 0
      ? { "aria-labelledby": legendId }
      : { "aria-label": dictionary.otherLabel };
  const shared = {
    "data-other-field": "",
    // What the user types takes its own direction, whatever the dictionary's; an empty field keeps
    // the dictionary's, which its placeholder is written in (auto would turn it left to right).
    dir: text === "" ? undefined : "auto",
    placeholder: dictionary.otherPlaceholder,
    ...label,
    ...props,
    className: classNames("ask-other", className),
    disabled: disabled === true || !editable,
    value: text,
    onChange: composeEventHandlers(onChange, update),
    onClick: composeEventHandlers(props.onClick, returnToText),
    ...(notChosen ? { "data-chosen": "false", "aria-describedby": hintId } : {}),
    ref: mergedRef,
  };
  const hint = notChosen ? (
    <span id={hintId} className="ask-other__hint">
      {dictionary.otherNotChosen}
    </span>
  ) : null;
  if (question.isSecret === true) {
    const { rows: _rows, cols: _cols, wrap: _wrap, ...inputProps } = shared;
    return (
      <>
        <input type="password" autoComplete="off" {...inputProps} />
        {hint}
      </>
    );
  }
  return (
    <>
      <textarea rows={OTHER_ROWS} {...shared} />
      {hint}
    </>
  );
}
