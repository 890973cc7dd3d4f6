import type { ComponentPropsWithRef } from "react";
import { selectPrompt } from "../../store/selectors-prompts";
import { AgentText } from "../agent-text";
import { CollapseButton } from "../dock/collapse-button";
import { Countdown } from "../dock/countdown";
import { QuestionDockStatus } from "../dock/dock-status";
import { DockStep } from "../dock/dock-step";
import { NotifyToggle } from "../dock/notify-toggle";
import { PanelPartsContext, useBodyRef, useNewPanelParts } from "../dock/panel-parts";
import { RequestNavigation } from "../dock/request-navigation";
import { SkipControl } from "../dock/skip-control";
import { selectOpenUrl, UrlActions } from "../dock/url-step";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { mergeRefs } from "../merge-refs";
import { PromptBody } from "../prompt-body";
import { usePromptId } from "../prompt-context";
import { PromptSection } from "../prompt-section";
import { useQuestionStore } from "../use-question-store";
import { useWaitingTitle } from "../use-waiting-title";
import { SubmitButton } from "./submit-button";

/** Props of `<QuestionCard>`. */
export type QuestionCardProps = ComponentPropsWithRef<"section"> & { promptId?: string };

/** Stacked layout for touch and narrow screens: every question at once, 44 px targets. */
export function QuestionCard({ ref, ...props }: QuestionCardProps) {
  const parts = useNewPanelParts();
  return (
    <PanelPartsContext.Provider value={parts}>
      <PromptSection layout="card" {...props} ref={mergeRefs(ref, parts.panel)}>
        <CardContent />
      </PromptSection>
    </PanelPartsContext.Provider>
  );
}

function CardContent() {
  const dictionary = useDictionary();
  const promptId = usePromptId();
  const title = useWaitingTitle(promptId);
  const questionCount = useQuestionStore(
    (state) => selectPrompt(state, promptId)?.record.questions.length ?? 0,
  );
  const bodyRef = useBodyRef();
  const isUrl = useQuestionStore((state) => selectOpenUrl(state, promptId) !== undefined);
  return (
    <>
      {/* A title row with the chevron at its end, then a meta row: on a phone the title may wrap,
          the chevron stays in its corner. */}
      <div className="ask-card__header">
        <h2 className="ask-card__title">{title}</h2>
        <NotifyToggle />
        <CollapseButton />
        <div className="ask-card__meta">
          {questionCount > 1 ? (
            <span className="ask-card__count">
              {formatMessage(dictionary, "questionCount", { count: questionCount })}
            </span>
          ) : null}
          <Countdown />
          <RequestNavigation />
        </div>
      </div>
      <QuestionDockStatus />
      <PromptBody className="ask-card__body" ref={bodyRef}>
        {Array.from({ length: questionCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions of a record never reorder.
          <div key={index} className="ask-card__question">
            {questionCount > 1 ? <CardQuestionHeader index={index} /> : null}
            <DockStep questionIndex={index} />
          </div>
        ))}
      </PromptBody>
      <div className="ask-card__footer">
        {isUrl ? (
          <UrlActions />
        ) : (
          <>
            <SkipControl />
            <SubmitButton />
          </>
        )}
      </div>
    </>
  );
}

/**
 * The question's header above it, as the dock's headers show it; only when there are several, and
 * when it says more than the question below it.
 */
function CardQuestionHeader({ index }: { index: number }) {
  const promptId = usePromptId();
  const header = useQuestionStore((state) => {
    const question = selectPrompt(state, promptId)?.record.questions[index];
    if (question === undefined) return undefined;
    // An OpenClaw async question's header is its question: its words are shown once, below.
    return question.header.trim() === question.question.trim() ? undefined : question.header;
  });
  if (header === undefined) return null;
  return (
    <p className="ask-card__question-header">
      <AgentText text={header} />
    </p>
  );
}
