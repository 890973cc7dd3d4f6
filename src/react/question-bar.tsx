import { type ComponentPropsWithRef, useId } from "react";
import { promptStateOf } from "../store/prompt-state";
import { selectStepProgress } from "../store/selectors-drafts";
import {
  selectActivePromptId,
  selectPendingPrompts,
  selectPrompt,
} from "../store/selectors-prompts";
import { AgentText } from "./agent-text";
import { classNames } from "./class-names";
import { useQuestionsContext } from "./context";
import { Countdown } from "./dock/countdown";
import { ChevronIcon } from "./dock/icons";
import { RequestNavigation } from "./dock/request-navigation";
import { formatMessage } from "./i18n/format";
import { useDictionary } from "./i18n/use-dictionary";
import { PromptContext } from "./prompt-context";
import { keyForOrigin } from "./status-message";
import { useSetExpanded } from "./use-actions";
import { useQuestionStore } from "./use-question-store";

/** Props of `<QuestionBar>`. */
export type QuestionBarProps = ComponentPropsWithRef<"section"> & { promptId?: string };

/**
 * The slim collapsed bar: "Waiting for your answer · Header · 1/3", time left, expand. An accent
 * marks it as waiting, and with several requests it says how many ("2 waiting", also its description).
 */
export function QuestionBar({ promptId, className, ...props }: QuestionBarProps) {
  const { scope } = useQuestionsContext();
  const dictionary = useDictionary();
  const activeId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const id = promptId ?? activeId;
  const step = useQuestionStore((state) => (id ? selectStepProgress(state, id).step : 0));
  const total = useQuestionStore((state) => (id ? selectStepProgress(state, id).total : 0));
  const header = useQuestionStore((state) =>
    id ? selectPrompt(state, id)?.record.questions[step]?.header : undefined,
  );
  const origin = useQuestionStore((state) =>
    id ? selectPrompt(state, id)?.record.origin : undefined,
  );
  const waiting = useQuestionStore((state) => selectPendingPrompts(state, scope).length);
  const { status } = useQuestionStore((state) =>
    promptStateOf(id ? state.prompts.get(id) : undefined),
  );
  const countId = useId();
  const setExpanded = useSetExpanded();
  if (!id) return null;
  const showsCount = waiting > 1;
  const hasStep = total > 1;
  const hasDetail = header !== undefined || hasStep;
  return (
    <PromptContext.Provider value={id}>
      <section
        aria-label={dictionary[keyForOrigin("questionRegion", origin)]}
        dir={dictionary.dir}
        lang={dictionary.locale}
        data-state="collapsed"
        data-status={status}
        aria-describedby={showsCount ? countId : undefined}
        {...props}
        className={classNames("ask-bar", className)}
      >
        <p className="ask-bar__text">
          <span className="ask-bar__waiting">
            {origin === "async" ? dictionary.questionRegionAsync : dictionary.waitingForAnswer}
            {hasDetail ? " ·" : null}
          </span>
          {hasDetail ? (
            <>
              {" "}
              {/* Header and step wrap to a line of their own together when the bar is narrow. */}
              <span className="ask-bar__detail">
                {/* The header is the agent's text, in any direction: isolated so it cannot reorder the rest. */}
                {header === undefined ? null : (
                  <AgentText className="ask-bar__header" text={header} />
                )}
                {hasStep ? (
                  <span className="ask-bar__step">
                    {header === undefined ? null : " · "}
                    {step + 1}/{total}
                  </span>
                ) : null}
              </span>
            </>
          ) : null}
        </p>
        {showsCount ? (
          <span id={countId} className="ask-bar__count">
            {formatMessage(dictionary, "barWaitingCount", { count: waiting })}
          </span>
        ) : null}
        {/* Another request may be waiting, even in its last minute, while this one is collapsed. */}
        <RequestNavigation />
        <Countdown />
        <button
          type="button"
          className="ask-icon-button"
          aria-label={dictionary.expand}
          aria-expanded="false"
          onClick={() => setExpanded(true)}
        >
          <ChevronIcon direction="up" />
        </button>
      </section>
    </PromptContext.Provider>
  );
}
