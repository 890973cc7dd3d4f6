import type { ComponentPropsWithRef } from "react";
import {
  type OutcomeKind,
  type OutcomeLine,
  PLAIN_TEXT_RESOLVER,
  summarizeOutcome,
} from "../../protocol/index";
import type { QuestionAnswers, QuestionRecord } from "../../protocol/types";
import { classNames } from "../class-names";
import { useDictionary } from "../context";
import type { Dictionary } from "../i18n/en";
import { headersOf } from "../i18n/headers";
import { NamedMessage } from "../i18n/named-message";

/** Props of `<AnswerSummary>`: a stored record plus what only this client knows. */
export type AnswerSummaryProps = ComponentPropsWithRef<"article"> & {
  record: QuestionRecord;
  answeredElsewhere?: boolean;
  unavailable?: boolean;
  unsentAnswers?: QuestionAnswers | null;
  /** This user's answer (null for a Skip) sent before the gateway forgot the question: not confirmed. */
  unconfirmed?: { answers: QuestionAnswers | null } | null;
  /** Overrides the provider's dictionary (English when there is no provider). */
  dictionary?: Dictionary;
};

function fateOf(kind: OutcomeKind, dictionary: Dictionary, byReply = false): string {
  switch (kind) {
    case "answered":
      return dictionary.summaryAnswered;
    case "answered-elsewhere":
      return byReply ? dictionary.summaryAnsweredByReply : dictionary.summaryAnsweredElsewhere;
    case "skipped":
      return dictionary.summarySkipped;
    case "cancelled":
      return dictionary.summaryCancelled;
    case "expired":
      return dictionary.summaryExpired;
    case "unavailable":
      return dictionary.summaryUnavailable;
    case "unconfirmed":
      return dictionary.summaryUnconfirmed;
    default:
      return kind satisfies never;
  }
}

function answerText(kind: OutcomeKind, line: OutcomeLine, dictionary: Dictionary): string {
  const showsAnswers =
    kind === "answered" ||
    kind === "answered-elsewhere" ||
    (kind === "unconfirmed" && line.answer !== null);
  if (!showsAnswers) return fateOf(kind, dictionary);
  if (line.answer === null) return dictionary.summaryNoAnswer;
  return line.secret ? dictionary.secretAnswer : line.answer;
}

/** The compact timeline item of a resolved prompt; works with or without a provider. */
export function AnswerSummary({
  record,
  answeredElsewhere = false,
  unavailable = false,
  unsentAnswers = null,
  unconfirmed = null,
  dictionary: dictionaryOverride,
  className,
  ...props
}: AnswerSummaryProps) {
  const contextDictionary = useDictionary();
  const dictionary = dictionaryOverride ?? contextDictionary;
  const summary = summarizeOutcome(record, {
    answeredElsewhere,
    unavailable,
    unsentAnswers,
    unconfirmed,
  });
  return (
    <article
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-kind={summary.kind}
      {...props}
      className={classNames("ask-summary", className)}
    >
      {summary.kind === "answered-elsewhere" ? (
        <p className="ask-summary__fate">
          {fateOf(summary.kind, dictionary, record.resolvedBy === PLAIN_TEXT_RESOLVER)}
        </p>
      ) : null}
      {summary.kind === "unconfirmed" ? (
        <p className="ask-summary__fate">
          {unconfirmed?.answers === null ? (
            <NamedMessage
              dictionary={dictionary}
              messageKey="noticeUnconfirmedSkip"
              headers={headersOf(record)}
            />
          ) : (
            dictionary.statusUnconfirmed
          )}
        </p>
      ) : null}
      {summary.lines.map((line) => (
        <div key={line.questionId} className="ask-summary__item">
          <p className="ask-summary__question">
            <bdi dir="auto">{line.question}</bdi>
          </p>
          <p className="ask-summary__answer">
            <span className="ask-summary__header">
              <bdi dir="auto">{line.header}</bdi>:
            </span>{" "}
            <bdi className="ask-summary__value" dir="auto">
              {answerText(summary.kind, line, dictionary)}
            </bdi>
          </p>
          {line.unsent !== null ? (
            <p className="ask-summary__unsent">
              <span className="ask-summary__header">{dictionary.summaryUnsent}:</span>{" "}
              <bdi className="ask-summary__value" dir="auto">
                {line.unsent}
              </bdi>
            </p>
          ) : null}
        </div>
      ))}
    </article>
  );
}
