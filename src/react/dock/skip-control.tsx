import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { selectPrompt } from "../../store/selectors-prompts";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { keyForOrigin } from "../status-message";
import { useSkip } from "../use-actions";
import { useQuestionStore } from "../use-question-store";
import { useSwitchGuard } from "./use-switch-guard";

/**
 * "Skip" ("Skip all" when the request has several questions: it skips every one), then a short
 * confirmation so a stray click never throws the prompt away; an optional question's "Dismiss"
 * acts at once, as its summary can bring it back. The confirmation belongs to the
 * request it was opened on; the next request starts without it. While the skip is sent the
 * confirmation stays, its buttons read-only but focusable, so the focus never falls to the page.
 */
export function SkipControl() {
  const dictionary = useDictionary();
  const skip = useSkip();
  const promptId = usePromptId();
  const origin = useQuestionStore((state) => selectPrompt(state, promptId)?.record.origin);
  const missedAfterSwitch = useSwitchGuard();
  const skipsSeveral = useQuestionStore(
    (state) => (selectPrompt(state, promptId)?.record.questions.length ?? 0) > 1,
  );
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null);
  const isConfirming = confirmingFor === promptId;
  const setConfirming = (confirming: boolean) => setConfirmingFor(confirming ? promptId : null);
  const keepButton = useRef<HTMLButtonElement | null>(null);
  const skipButton = useRef<HTMLButtonElement | null>(null);
  const wasConfirming = useRef(false);

  // Layout effect: the button that had the focus is gone in this paint; its successor takes it now.
  useLayoutEffect(() => {
    if (isConfirming) keepButton.current?.focus();
    else if (wasConfirming.current) skipButton.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);

  if (skip === null && !isConfirming) return null;
  const sending = skip === null ? "true" : undefined;
  if (!isConfirming) {
    return (
      <button
        ref={skipButton}
        type="button"
        className="ask-button ask-skip"
        data-variant="quiet"
        onClick={(event) => {
          if (missedAfterSwitch(event)) return;
          // An optional question's Dismiss is undone from its summary: nothing to confirm.
          if (origin === "async") skip?.();
          else setConfirming(true);
        }}
      >
        {origin === "async"
          ? dictionary.skipAsync
          : skipsSeveral
            ? dictionary.skipAll
            : dictionary.skip}
      </button>
    );
  }
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || skip === null) return;
    event.stopPropagation();
    setConfirming(false);
  };
  return (
    <fieldset className="ask-skip-confirmation" onKeyDown={cancelOnEscape}>
      <legend className="ask-skip-confirmation__text">
        {dictionary[keyForOrigin("skipConfirmation", origin)]}
      </legend>
      <button
        ref={keepButton}
        type="button"
        className="ask-button"
        data-variant="secondary"
        aria-disabled={sending}
        onClick={() => {
          if (skip !== null) setConfirming(false);
        }}
      >
        {dictionary.cancelSkip}
      </button>
      <button
        type="button"
        className="ask-button"
        data-variant="danger"
        aria-disabled={sending}
        onClick={(event) => {
          if (skip !== null && !missedAfterSwitch(event)) skip();
        }}
      >
        {dictionary.confirmSkip}
      </button>
    </fieldset>
  );
}
