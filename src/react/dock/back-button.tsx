import type { ComponentPropsWithRef } from "react";
import { selectStepProgress } from "../../store/selectors-drafts";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useBack } from "../use-actions";
import { useQuestionStore } from "../use-question-store";

/** Goes to the previous question; not shown on the first question (nor for a single one). */
export function BackButton({ className, onClick, ...props }: ComponentPropsWithRef<"button">) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const back = useBack();
  const step = useQuestionStore((state) => selectStepProgress(state, promptId).step);
  if (step === 0) return null;
  return (
    <button
      type="button"
      data-variant="secondary"
      aria-disabled={back === null ? "true" : undefined}
      {...props}
      className={classNames("ask-button ask-back", className)}
      onClick={composeEventHandlers(onClick, () => back?.())}
    >
      {dictionary.back}
    </button>
  );
}
