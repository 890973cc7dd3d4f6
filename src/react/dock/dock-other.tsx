import type { ChangeEvent, ComponentPropsWithRef } from "react";
import { selectQuestionDraft } from "../../store/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { useCurrentQuestion, usePromptId } from "../prompt-context";
import { useQuestionStore } from "../use-question-store";

/** Props of `QuestionDock.Other`. */
export type QuestionDockOtherProps = ComponentPropsWithRef<"textarea">;

const OTHER_ROWS = 1;

/** The free-text field ("Type your own answer here"); the only field of a question without options. */
export function DockOther({ className, onChange, ...props }: QuestionDockOtherProps) {
  const { store, dictionary } = useQuestionsContext();
  const promptId = usePromptId();
  const { question, legendId } = useCurrentQuestion();
  const text = useQuestionStore(
    (state) => selectQuestionDraft(state, promptId, question.questionId)?.otherText ?? "",
  );
  const update = (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) =>
    store.getState().setOtherText(promptId, question.questionId, event.target.value);
  const label =
    question.options.length === 0
      ? { "aria-labelledby": legendId }
      : { "aria-label": dictionary.otherLabel };
  if (question.isSecret === true) {
    return (
      <input
        type="password"
        autoComplete="off"
        data-other-field=""
        className={classNames("ask-other", className)}
        placeholder={dictionary.otherPlaceholder}
        value={text}
        onChange={update}
        {...label}
      />
    );
  }
  return (
    <textarea
      rows={OTHER_ROWS}
      data-other-field=""
      placeholder={dictionary.otherPlaceholder}
      {...label}
      {...props}
      className={classNames("ask-other", className)}
      value={text}
      onChange={composeEventHandlers(onChange, update)}
    />
  );
}
