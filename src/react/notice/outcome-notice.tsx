import type { ComponentPropsWithRef, KeyboardEvent } from "react";
import { summarizeOutcome } from "../../protocol/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { CloseIcon } from "../dock/icons";
import { headersOf } from "../i18n/headers";
import { NamedMessage } from "../i18n/named-message";
import { useQuestionStore } from "../use-question-store";
import { retirementMessageKey, retirementOf, unsentAnswersOf } from "./retirement";

/** Props of `<OutcomeNotice>`: the ended prompt, and what closing it does (no close button without it). */
export type OutcomeNoticeProps = ComponentPropsWithRef<"section"> & {
  promptId: string;
  onDismiss?: () => void;
};

/**
 * The notice takes the focus from an answer cut short; the rest of the sentence being typed must not
 * page the document down with every space.
 */
function swallowSpaceOnSelf(event: KeyboardEvent<HTMLElement>): void {
  if (event.target === event.currentTarget && event.key === " ") event.preventDefault();
}

/** The slim notice a dock retires into when its prompt ends elsewhere; keeps any unsent answer copyable. */
export function OutcomeNotice({
  promptId,
  onDismiss,
  className,
  onKeyDown,
  ...props
}: OutcomeNoticeProps) {
  const { dictionary } = useQuestionsContext();
  const entry = useQuestionStore((state) => state.prompts.get(promptId));
  const draft = useQuestionStore((state) => state.drafts.get(promptId));
  const kind = retirementOf(entry);
  if (entry === undefined || kind === null) return null;
  const answered = kind === "answered-elsewhere" || kind === "answered-by-reply";
  const summary = summarizeOutcome(entry.record, {
    answeredElsewhere: answered,
    unsentAnswers: unsentAnswersOf(entry, draft),
  });
  const several = summary.lines.length > 1;
  const unsent = summary.lines.filter((line) => line.unsent !== null);
  return (
    <section
      aria-label={dictionary.noticeRegion}
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-state="retired"
      data-status={kind}
      {...props}
      className={classNames("ask-notice", className)}
      onKeyDown={composeEventHandlers(onKeyDown, swallowSpaceOnSelf)}
    >
      <div className="ask-notice__body">
        <p className="ask-notice__text">
          <span className="ask-notice__sentence">
            <NamedMessage
              dictionary={dictionary}
              messageKey={retirementMessageKey(kind)}
              headers={headersOf(entry.record)}
            />
          </span>
          {answered
            ? summary.lines.map((line) => (
                <span key={line.questionId} className="ask-notice__answer">
                  {" · "}
                  <bdi dir="auto">{line.header}</bdi>:{" "}
                  <bdi dir="auto">{line.answer ?? dictionary.summaryNoAnswer}</bdi>
                </span>
              ))
            : null}
        </p>
        {unsent.length > 0 ? (
          <p className="ask-notice__unsent" data-several={several}>
            <span className="ask-notice__unsent-label">
              {kind === "unconfirmed-answer"
                ? dictionary.summaryYourAnswer
                : dictionary.summaryUnsent}
              :
            </span>{" "}
            {unsent.map((line) => (
              <span key={line.questionId} className="ask-notice__unsent-value">
                {several ? (
                  <span className="ask-notice__header">
                    <bdi dir="auto">{line.header}</bdi>:{" "}
                  </span>
                ) : null}
                <bdi dir="auto">{line.unsent}</bdi>{" "}
              </span>
            ))}
          </p>
        ) : null}
      </div>
      {onDismiss === undefined ? null : (
        <button
          type="button"
          className="ask-icon-button ask-notice__close"
          aria-label={dictionary.noticeClose}
          onClick={onDismiss}
        >
          <CloseIcon />
        </button>
      )}
    </section>
  );
}
