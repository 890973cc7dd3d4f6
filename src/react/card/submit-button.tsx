import { type ComponentPropsWithRef, useId } from "react";
import { revealAllMissing } from "../advance";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useSubmit } from "../use-actions";
import { useIsEditable } from "../use-editable";

/**
 * Sends every answer. Until each question has one it stays focusable (`aria-disabled`, so Tab and
 * screen readers find it), is described by what is missing, and does nothing.
 */
export function SubmitButton({ className, onClick, ...props }: ComponentPropsWithRef<"button">) {
  const { store } = useQuestionsContext();
  const dictionary = useDictionary();
  const promptId = usePromptId();
  const submit = useSubmit();
  const editable = useIsEditable();
  const reasonId = useId();
  const needsAnswers = submit === null && editable;
  return (
    <>
      <button
        type="button"
        data-variant="primary"
        aria-disabled={submit === null ? "true" : undefined}
        aria-describedby={needsAnswers ? reasonId : undefined}
        {...props}
        className={classNames("ask-button", className)}
        onClick={composeEventHandlers(onClick, () => {
          if (submit !== null) submit();
          // Each field says what it lacks from now on, visibly, not only to a screen reader.
          else if (needsAnswers) revealAllMissing(store, promptId);
        })}
      >
        {dictionary.submit}
      </button>
      {needsAnswers ? (
        <span id={reasonId} className="ask-visually-hidden">
          {dictionary.submitNeedsAnswers}
        </span>
      ) : null}
    </>
  );
}
