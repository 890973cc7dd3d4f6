import type { ComponentPropsWithRef, KeyboardEvent } from "react";
import { endedWithoutUs } from "../../store/prompt-state";
import { summarizePrompt } from "../../store/prompt-summary";
import { AgentText } from "../agent-text";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { CloseIcon } from "../dock/icons";
import { useDictionary } from "../i18n/use-dictionary";
import { statusMessageKey, urlStepOf } from "../status-message";
import { StatusSentence } from "../status-sentence";
import { urlOfLine, valueText } from "../summary/value-text";
import { useQuestionStore } from "../use-question-store";

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
  const dictionary = useDictionary();
  const entry = useQuestionStore((state) => state.prompts.get(promptId));
  const draft = useQuestionStore((state) => state.drafts.get(promptId));
  if (entry === undefined) return null;
  const { state, lines } = summarizePrompt(entry, draft);
  const messageKey = statusMessageKey(state, entry.record.origin, urlStepOf(entry));
  if (!endedWithoutUs(state) || messageKey === null) return null;
  const answered = state.outcome === "answered-elsewhere" || state.outcome === "answered-by-reply";
  // What this user composed and cannot be sure arrived: an unconfirmed answer, or one never sent.
  const unconfirmed = state.status === "unconfirmed";
  const kept = lines.flatMap((line) => {
    const values = unconfirmed ? line.answer : line.unsent;
    return values === null
      ? []
      : [{ line, text: valueText(values, line.secret, dictionary, line.yesNo) }];
  });
  const several = lines.length > 1;
  return (
    <section
      aria-label={dictionary.noticeRegion}
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-state="retired"
      data-status={state.status}
      {...props}
      className={classNames("ask-notice", className)}
      onKeyDown={composeEventHandlers(onKeyDown, swallowSpaceOnSelf)}
    >
      <div className="ask-notice__body">
        <p className="ask-notice__text">
          <span className="ask-notice__sentence">
            <StatusSentence entry={entry} state={state} dictionary={dictionary} />
          </span>
          {answered
            ? lines.map((line) => (
                <span key={line.questionId} className="ask-notice__answer">
                  {" · "}
                  <AgentText text={line.header} />:{" "}
                  <AgentText
                    text={valueText(
                      line.answer,
                      line.secret,
                      dictionary,
                      line.yesNo,
                      urlOfLine(line),
                    )}
                  />
                </span>
              ))
            : null}
        </p>
        {kept.length > 0 ? (
          <p className="ask-notice__unsent" data-several={several}>
            <span className="ask-notice__unsent-label">
              {unconfirmed ? dictionary.summaryYourAnswer : dictionary.summaryUnsent}:
            </span>{" "}
            {kept.map(({ line, text }) => (
              <span key={line.questionId} className="ask-notice__unsent-value">
                {several ? (
                  <span className="ask-notice__header">
                    <AgentText text={line.header} />:{" "}
                  </span>
                ) : null}
                <AgentText text={text} />{" "}
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
