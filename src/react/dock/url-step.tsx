import { Fragment, type MouseEvent } from "react";
import { readOpenableUrl } from "../../protocol/openable-url";
import { isAnswerable, promptStateOf } from "../../store/prompt-state";
import { selectPrompt } from "../../store/selectors-prompts";
import type { QuestionStoreState } from "../../store/types";
import { useQuestionsContext } from "../context";
import { formatMessage, messageParts } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useQuestionStore } from "../use-question-store";
import { useSwitchGuard } from "./use-switch-guard";

/** The URL a URL prompt asks the user to open (its one question's `openUrl`), if it is one. */
export function selectOpenUrl(state: QuestionStoreState, promptId: string): string | undefined {
  return selectPrompt(state, promptId)?.record.questions[0]?.openUrl;
}

function useOpened(promptId: string): boolean {
  return useQuestionStore((state) => selectPrompt(state, promptId)?.openedAtMs !== undefined);
}

/**
 * The URL of a URL prompt, whole and left to right, its host set apart above it and in it (in
 * punycode, so a look-alike name shows what it is); once opened, what the prompt waits for.
 */
export function UrlTarget({ url }: { url: string }) {
  const promptId = usePromptId();
  const dictionary = useDictionary();
  const opened = useOpened(promptId);
  const parts = readOpenableUrl(url);
  // Never shown, since it could pass for another address; only why there is nothing to open.
  if (!parts.ok) {
    return (
      <p className="ask-url__refused">
        {formatMessage(dictionary, "urlRefused", { reason: parts.reason })}
      </p>
    );
  }
  return (
    <div className="ask-url">
      <p className="ask-url__host" dir="ltr" translate="no">
        {parts.host}
      </p>
      <p className="ask-url__full" dir="ltr" translate="no">
        {parts.scheme}
        <strong>{parts.host}</strong>
        {parts.rest}
      </p>
      {opened ? (
        <p className="ask-url__waiting" role="status">
          {messageParts(dictionary.urlWaiting).map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder
            <Fragment key={index}>
              {part.kind === "text" ? part.text : <bdi dir="ltr">{parts.host}</bdi>}
            </Fragment>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Decline and Open for a URL prompt; once opened, Stop waiting and Open again. The URL opens in a
 * new tab without opener or referrer, only from the user's own click (or key press) on Open.
 */
export function UrlActions() {
  const promptId = usePromptId();
  const { store } = useQuestionsContext();
  const dictionary = useDictionary();
  const url = useQuestionStore((state) => selectOpenUrl(state, promptId));
  const opened = useOpened(promptId);
  const answerable = useQuestionStore((state) =>
    isAnswerable(promptStateOf(selectPrompt(state, promptId))),
  );
  const missedAfterSwitch = useSwitchGuard();
  const parts = url === undefined ? null : readOpenableUrl(url);
  const disabled = answerable ? undefined : "true";
  const skip = (event: MouseEvent) => {
    if (answerable && !missedAfterSwitch(event)) void store.getState().skip(promptId);
  };
  const open = (event: MouseEvent) => {
    if (parts?.ok !== true || !answerable || missedAfterSwitch(event)) return;
    window.open(parts.href, "_blank", "noopener,noreferrer");
    void store.getState().openUrl(promptId);
  };
  return (
    <>
      <button
        type="button"
        className="ask-button ask-skip"
        data-variant="quiet"
        aria-disabled={disabled}
        onClick={skip}
      >
        {opened ? dictionary.urlStopWaiting : dictionary.urlDecline}
      </button>
      {parts?.ok === true ? (
        <button
          type="button"
          className="ask-button"
          data-variant="primary"
          aria-disabled={disabled}
          onClick={open}
        >
          {opened ? dictionary.urlOpenAgain : dictionary.urlOpen}
        </button>
      ) : null}
    </>
  );
}
