import { type ComponentPropsWithRef, useContext } from "react";
import type { QuestionRecord } from "../../protocol/types";
import { summarizePrompt } from "../../store/prompt-summary";
import { entryOfRecord } from "../../store/record-entry";
import type { PromptEntry } from "../../store/types";
import { AgentText } from "../agent-text";
import { classNames } from "../class-names";
import { QuestionsContext, usePageDictionary } from "../context";
import type { Dictionary } from "../i18n/en";
import { statusMessageKey, urlStepOf } from "../status-message";
import { StatusSentence } from "../status-sentence";
import { urlOfLine, valueText } from "./value-text";

/**
 * Props of `<AnswerSummary>`: a store entry (a timeline item's `entry`), or a bare record read from
 * elsewhere (its own status, as if this user ended it).
 */
export type AnswerSummaryProps = ComponentPropsWithRef<"article"> &
  ({ entry: PromptEntry; record?: never } | { record: QuestionRecord; entry?: never }) & {
    /** Overrides the provider's dictionary (English when there is no provider). */
    dictionary?: Dictionary;
  };

/**
 * The compact timeline item of an ended prompt, or of an optional question whose answer is on its
 * way (saying where it stands, with Try again once refused); works with or without a provider.
 */
export function AnswerSummary({
  entry,
  record,
  dictionary: dictionaryOverride,
  className,
  ...props
}: AnswerSummaryProps) {
  const contextDictionary = usePageDictionary();
  const store = useContext(QuestionsContext)?.store;
  const dictionary = dictionaryOverride ?? contextDictionary;
  const prompt = entry ?? entryOfRecord(record);
  const { state, lines } = summarizePrompt(prompt);
  const messageKey = statusMessageKey(state, prompt.record.origin, urlStepOf(prompt));
  return (
    <article
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-status={state.status}
      {...props}
      className={classNames("ask-summary", className)}
    >
      {messageKey === null ? null : (
        <p
          className={classNames(
            "ask-summary__fate",
            // Our own answer speaks for itself on screen; a screen reader still hears it was sent.
            state.status === "answered" ? "ask-visually-hidden" : undefined,
          )}
        >
          <StatusSentence entry={prompt} state={state} dictionary={dictionary} />
        </p>
      )}
      {lines.map((line) => (
        <div key={line.questionId} className="ask-summary__item">
          {/* A form field without a description asks its title: said once, in the answer line. */}
          {line.question.trim() === line.header.trim() ? null : (
            <p className="ask-summary__question">
              <AgentText text={line.question} />
            </p>
          )}
          <p className="ask-summary__answer">
            <span className="ask-summary__header">
              <AgentText text={line.header} />:
            </span>{" "}
            <AgentText
              className="ask-summary__value"
              text={valueText(line.answer, line.secret, dictionary, line.yesNo, urlOfLine(line))}
            />
          </p>
          {line.result === null ? null : (
            <p className="ask-summary__result">
              <AgentText text={line.result} />
            </p>
          )}
          {line.unsent !== null ? (
            <p className="ask-summary__unsent">
              <span className="ask-summary__header">{dictionary.summaryUnsent}:</span>{" "}
              <AgentText
                className="ask-summary__value"
                text={valueText(line.unsent, line.secret, dictionary, line.yesNo)}
              />
            </p>
          ) : null}
        </div>
      ))}
      {/* An optional question's answer the send refused: sent again from here, as from the dock. */}
      {store !== undefined && prompt.record.origin === "async" && state.status === "failed" ? (
        <button
          type="button"
          className="ask-button ask-summary__retry"
          data-variant="secondary"
          onClick={() => void store.getState().retry(prompt.id)}
        >
          {dictionary.retry}
        </button>
      ) : null}
      {/* An optional question this user dismissed here comes back: dismissing was theirs alone. */}
      {store !== undefined && prompt.record.origin === "async" && state.status === "skipped" ? (
        <button
          type="button"
          className="ask-button ask-summary__reopen"
          data-variant="secondary"
          onClick={() => void store.getState().reopen(prompt.id)}
        >
          {dictionary.reopenAsync}
        </button>
      ) : null}
    </article>
  );
}
