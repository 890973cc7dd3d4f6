import type { ComponentPropsWithRef } from "react";
import { selectStepProgress } from "../../store/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useDictionary } from "../context";
import { usePromptId } from "../prompt-context";
import { useBack } from "../use-actions";
import { useQuestionStore } from "../use-question-store";

/** Goes to the previous question; hidden for a single question, disabled on the first. */
export function BackButton({ className, onClick, ...props }: ComponentPropsWithRef<"button">) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const back = useBack();
  const total = useQuestionStore((state) => selectStepProgress(state, promptId).total);
  if (total < 2) return null;
  return (
    <button
      type="button"
      data-variant="secondary"
      disabled={back === null}
      {...props}
      className={classNames("ask-button ask-back", className)}
      onClick={composeEventHandlers(onClick, () => back?.())}
    >
      {dictionary.back}
    </button>
  );
}
