import { type ComponentPropsWithRef, useState } from "react";
import { selectPrompt, selectReplyRefusal } from "../../store/selectors-prompts";
import { classNames } from "../class-names";
import { formatMessage } from "../i18n/format";
import { headersOf } from "../i18n/headers";
import { NamedMessage } from "../i18n/named-message";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { statusMessageKey, urlStepOf } from "../status-message";
import { useRetry } from "../use-actions";
import { usePromptState } from "../use-prompt-state";
import { useQuestionStore, useQuestionStoreShallow } from "../use-question-store";
import { StorageStatus } from "./storage-status";

/** Props of `QuestionDock.Status`. */
export type QuestionDockStatusProps = ComponentPropsWithRef<"div">;

/**
 * One plain sentence for submitting / queued / error (with retry) / resolved states, and a line
 * while what the user types is not kept across a reload.
 */
export function QuestionDockStatus(props: QuestionDockStatusProps) {
  return (
    <>
      <PromptStatus {...props} />
      <StorageStatus />
    </>
  );
}

function PromptStatus({ className, ...props }: QuestionDockStatusProps) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const promptState = usePromptState(promptId);
  const { status } = promptState;
  const message = useQuestionStore((state) => selectPrompt(state, promptId)?.error?.message ?? "");
  const refusal = useQuestionStore((state) => selectReplyRefusal(state, promptId));
  const headers = useQuestionStoreShallow((state) =>
    headersOf(selectPrompt(state, promptId)?.record),
  );
  const retry = useRetry();
  // Retry stays, read-only, while its send runs: the focus it holds must not fall to the page.
  const [retried, setRetried] = useState(false);
  if (retried && status !== "sending" && status !== "failed") setRetried(false);
  const showsRetry = (status === "failed" && retry !== null) || (status === "sending" && retried);
  const origin = useQuestionStore((state) => selectPrompt(state, promptId)?.record.origin);
  const url = useQuestionStoreShallow((state) => urlStepOf(selectPrompt(state, promptId)));
  const messageKey = statusMessageKey(promptState, origin, url);
  if (messageKey === null && refusal !== null) {
    // A chat reply the gateway refused: said here too, for the user who opens the question again.
    return (
      <div
        role="alert"
        data-status={status}
        data-reply="refused"
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
      role={status === "failed" ? "alert" : "status"}
      data-status={status}
      {...props}
      className={classNames("ask-status", className)}
    >
      <span className="ask-status__text">
        {status === "failed" ? (
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
