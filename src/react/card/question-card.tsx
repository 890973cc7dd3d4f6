import type { ComponentPropsWithRef } from "react";
import { selectActivePromptId, selectPrompt } from "../../store/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { displayStatusOf } from "../display-status";
import { CollapseButton } from "../dock/collapse-button";
import { Countdown } from "../dock/countdown";
import { QuestionDockStatus } from "../dock/dock-status";
import { DockStep } from "../dock/dock-step";
import { RequestNavigation } from "../dock/request-navigation";
import { SkipControl } from "../dock/skip-control";
import { LayoutContext, PromptContext } from "../prompt-context";
import { useQuestionKeyboard } from "../use-question-keyboard";
import { useQuestionStore } from "../use-question-store";
import { SubmitButton } from "./submit-button";

/** Props of `<QuestionCard>`. */
export type QuestionCardProps = ComponentPropsWithRef<"section"> & { promptId?: string };

/** Stacked layout for touch and narrow screens: every question at once, 44 px targets. */
export function QuestionCard({ promptId, ...props }: QuestionCardProps) {
  const { scope } = useQuestionsContext();
  const activeId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const id = promptId ?? activeId;
  if (!id) return null;
  return (
    <PromptContext.Provider value={id}>
      <LayoutContext.Provider value="card">
        <CardSection promptId={id} {...props} />
      </LayoutContext.Provider>
    </PromptContext.Provider>
  );
}

function CardSection({
  promptId,
  className,
  onKeyDown,
  ...props
}: QuestionCardProps & { promptId: string }) {
  const { dictionary } = useQuestionsContext();
  const status = useQuestionStore((state) => displayStatusOf(selectPrompt(state, promptId)));
  const questionCount = useQuestionStore(
    (state) => selectPrompt(state, promptId)?.record.questions.length ?? 0,
  );
  const handleKeyDown = useQuestionKeyboard(promptId, "card");
  return (
    <section
      aria-label={dictionary.questionRegion}
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-state="expanded"
      data-status={status}
      {...props}
      className={classNames("ask-card", className)}
      onKeyDown={composeEventHandlers(onKeyDown, handleKeyDown)}
    >
      <div className="ask-card__header">
        <h2 className="ask-card__title">{dictionary.waitingForAnswer}</h2>
        <RequestNavigation />
        <Countdown />
        <CollapseButton />
      </div>
      <QuestionDockStatus />
      {Array.from({ length: questionCount }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: questions of a record never reorder.
        <div key={index} className="ask-card__question">
          <DockStep questionIndex={index} />
        </div>
      ))}
      <div className="ask-card__footer">
        <SkipControl />
        <SubmitButton />
      </div>
    </section>
  );
}
