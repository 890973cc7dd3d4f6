import type { ComponentPropsWithRef } from "react";
import { selectPrompt, selectReplyRefusal } from "../../store/index";
import { classNames } from "../class-names";
import { useDictionary } from "../context";
import { type DisplayStatus, displayStatusOf } from "../display-status";
import type { Dictionary } from "../i18n/en";
import { formatMessage } from "../i18n/format";
import { usePromptId } from "../prompt-context";
import { useRetry } from "../use-actions";
import { useQuestionStore } from "../use-question-store";

/** Props of `QuestionDock.Status`. */
export type QuestionDockStatusProps = ComponentPropsWithRef<"div">;

function sentenceOf(status: DisplayStatus, dictionary: Dictionary, message: string): string | null {
  switch (status) {
    case "pending":
      return null;
    case "submitting":
      return dictionary.statusSubmitting;
    case "queued":
      return dictionary.statusQueued;
    case "error":
      return formatMessage(dictionary, "statusError", { message });
    case "answered":
      return dictionary.statusAnswered;
    case "answered-elsewhere":
      return dictionary.statusAnsweredElsewhere;
    case "answered-by-reply":
      return dictionary.statusAnsweredByReply;
    case "cancelled":
      return dictionary.statusCancelled;
    case "expired":
      return dictionary.statusExpired;
    case "unavailable":
      return dictionary.statusUnavailable;
    case "unconfirmed":
      return dictionary.statusUnconfirmed;
    default:
      return status satisfies never;
  }
}

/** One plain sentence for submitting / queued / error (with retry) / resolved states. */
export function QuestionDockStatus({ className, ...props }: QuestionDockStatusProps) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const status = useQuestionStore((state) => displayStatusOf(selectPrompt(state, promptId)));
  const message = useQuestionStore((state) => selectPrompt(state, promptId)?.error?.message ?? "");
  const refusal = useQuestionStore((state) => selectReplyRefusal(state, promptId));
  const retry = useRetry();
  const sentence = sentenceOf(status, dictionary, message);
  if (sentence === null && refusal !== null) {
    // A chat reply the gateway refused: said here too, for the user who opens the question again.
    return (
      <div
        role="alert"
        data-status="reply-refused"
        {...props}
        className={classNames("ask-status", className)}
      >
        <span className="ask-status__text">
          {formatMessage(dictionary, "replyRefused", { reason: refusal })}
        </span>
      </div>
    );
  }
  if (sentence === null) return null;
  return (
    <div
      role={status === "error" ? "alert" : "status"}
      data-status={status}
      {...props}
      className={classNames("ask-status", className)}
    >
      <span className="ask-status__text">{sentence}</span>
      {status === "error" && retry !== null ? (
        <button type="button" className="ask-button" data-variant="secondary" onClick={retry}>
          {dictionary.retry}
        </button>
      ) : null}
    </div>
  );
}
