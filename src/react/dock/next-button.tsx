import type { ComponentPropsWithRef } from "react";
import { selectSubmitsNext } from "../../store/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useDictionary } from "../context";
import { usePromptId } from "../prompt-context";
import { useAdvance } from "../use-actions";
import { useQuestionStore } from "../use-question-store";
import { useSwitchGuard } from "./use-switch-guard";

/** "Next", or "Submit" on the last question once no other lacks an answer; disabled until the current question has one. */
export function NextButton({ className, onClick, ...props }: ComponentPropsWithRef<"button">) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const advance = useAdvance();
  const submits = useQuestionStore((state) => selectSubmitsNext(state, promptId));
  const missedAfterSwitch = useSwitchGuard();
  return (
    <button
      type="button"
      data-variant="primary"
      disabled={advance === null}
      {...props}
      className={classNames("ask-button", className)}
      onClick={composeEventHandlers(onClick, (event) => {
        if (missedAfterSwitch(event)) return;
        advance?.();
      })}
    >
      {submits ? dictionary.submit : dictionary.next}
    </button>
  );
}
