import type { ComponentPropsWithRef } from "react";
import { displayText } from "../../protocol/display-text";
import { selectStepStates } from "../../store/selectors-drafts";
import { selectPrompt } from "../../store/selectors-prompts";
import { AgentText } from "../agent-text";
import { classNames } from "../class-names";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useGoToStep } from "../use-actions";
import { useQuestionStore, useQuestionStoreShallow } from "../use-question-store";
import { CheckIcon } from "./icons";

/** Props of `QuestionDock.Steps`. */
export type QuestionDockStepsProps = ComponentPropsWithRef<"ol">;

/** The questions by header, answered ones checked; a click goes to that question. Nothing for one question. */
export function DockSteps({ className, ...props }: QuestionDockStepsProps) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const questions = useQuestionStore((state) => selectPrompt(state, promptId)?.record.questions);
  const states = useQuestionStoreShallow((state) => selectStepStates(state, promptId));
  const goToStep = useGoToStep(promptId);
  if (questions === undefined || questions.length < 2) return null;
  return (
    <ol
      aria-label={dictionary.questionSteps}
      {...props}
      className={classNames("ask-steps", className)}
    >
      {questions.map((question, index) => {
        const state = states[index] ?? "upcoming";
        return (
          <li key={question.questionId}>
            <button
              type="button"
              className="ask-steps__step"
              data-step={state}
              aria-current={state === "current" ? "step" : undefined}
              aria-label={
                state === "complete"
                  ? formatMessage(dictionary, "stepAnswered", {
                      header: displayText(question.header),
                    })
                  : undefined
              }
              title={displayText(question.header)}
              // Read-only while the answer is sent, yet focusable: the focus must not fall to the page.
              aria-disabled={goToStep === null ? "true" : undefined}
              onClick={() => goToStep?.(index)}
            >
              {state === "complete" ? <CheckIcon /> : null}
              <AgentText text={question.header} />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
