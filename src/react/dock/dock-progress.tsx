import type { ComponentPropsWithRef } from "react";
import { selectStepProgress } from "../../store/selectors-drafts";
import { classNames } from "../class-names";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useQuestionStore } from "../use-question-store";

/** Props of `QuestionDock.Progress`. */
export type QuestionDockProgressProps = ComponentPropsWithRef<"p">;

/** "Question 2 of 3" as text; nothing for a single question. */
export function DockProgress({ className, ...props }: QuestionDockProgressProps) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const step = useQuestionStore((state) => selectStepProgress(state, promptId).step);
  const total = useQuestionStore((state) => selectStepProgress(state, promptId).total);
  if (total < 2) return null;
  return (
    <p {...props} className={classNames("ask-dock__progress", className)}>
      {formatMessage(dictionary, "questionProgress", { step: step + 1, total })}
    </p>
  );
}
