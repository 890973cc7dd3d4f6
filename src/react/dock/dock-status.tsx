import { type ComponentPropsWithRef, useState } from "react";
import { selectPrompt, selectReplyRefusal } from "../../store/index";
import { classNames } from "../class-names";
import { useDictionary } from "../context";
import { type DisplayStatus, displayStatusOf } from "../display-status";
import type { DictionaryKey } from "../i18n/en";
import { formatMessage } from "../i18n/format";
import { headersOf } from "../i18n/headers";
import { NamedMessage } from "../i18n/named-message";
import { usePromptId } from "../prompt-context";
import { useRetry } from "../use-actions";
import { useQuestionStore, useQuestionStoreShallow } from "../use-question-store";

/** Props of `QuestionDock.Status`. */
export type QuestionDockStatusProps = ComponentPropsWithRef<"div">;

/** The dictionary sentence of a status; those about how the request ended name it by its headers. */
function messageKeyOf(status: DisplayStatus, cancelledElsewhere: boolean): DictionaryKey | null {
  switch (status) {
    case "pending":
      return null;
    case "submitting":
      return "statusSubmitting";
    case "queued":
      return "statusQueued";
    case "error":
      return "statusError";
    case "answered":
      return "statusAnswered";
    case "answered-elsewhere":
      return "statusAnsweredElsewhere";
    case "answered-by-reply":
      return "statusAnsweredByReply";
    case "cancelled":
      return cancelledElsewhere ? "noticeCancelled" : "statusCancelled";
    case "expired":
      return "statusExpired";
    case "unavailable":
      return "statusUnavailable";
    case "unconfirmed":
      return "statusUnconfirmed";
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
  const cancelledElsewhere = useQuestionStore(
    (state) => selectPrompt(state, promptId)?.answeredElsewhere === true,
  );
  const headers = useQuestionStoreShallow((state) =>
    headersOf(selectPrompt(state, promptId)?.record),
  );
  const retry = useRetry();
  // Retry stays, read-only, while its send runs: the focus it holds must not fall to the page.
  const [retried, setRetried] = useState(false);
  if (retried && status !== "submitting" && status !== "error") setRetried(false);
  const showsRetry = (status === "error" && retry !== null) || (status === "submitting" && retried);
  const messageKey = messageKeyOf(status, cancelledElsewhere);
  if (messageKey === null && refusal !== null) {
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
  if (messageKey === null) return null;
  return (
    <div
      role={status === "error" ? "alert" : "status"}
      data-status={status}
      {...props}
      className={classNames("ask-status", className)}
    >
      <span className="ask-status__text">
        {status === "error" ? (
          formatMessage(dictionary, "statusError", { message })
        ) : (
          <NamedMessage dictionary={dictionary} messageKey={messageKey} headers={headers} />
        )}
      </span>
      {showsRetry ? (
        <button
          type="button"
          className="ask-button"
          data-variant="secondary"
          aria-disabled={retry === null ? "true" : undefined}
          onClick={() => {
            if (retry === null) return;
            setRetried(true);
            retry();
          }}
        >
          {dictionary.retry}
        </button>
      ) : null}
    </div>
  );
}
