import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { selectPrompt } from "../../store/index";
import { useDictionary } from "../context";
import { usePromptId } from "../prompt-context";
import { useSkip } from "../use-actions";
import { useQuestionStore } from "../use-question-store";
import { useSwitchGuard } from "./use-switch-guard";

/**
 * "Skip" ("Skip all" when the request has several questions: it skips every one), then a short
 * confirmation so a stray click never throws the prompt away. The confirmation belongs to the
 * request it was opened on; the next request starts without it.
 */
export function SkipControl() {
  const dictionary = useDictionary();
  const skip = useSkip();
  const promptId = usePromptId();
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

  useEffect(() => {
    if (isConfirming) keepButton.current?.focus();
    else if (wasConfirming.current) skipButton.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);

  if (skip === null) return null;
  if (!isConfirming) {
    return (
      <button
        ref={skipButton}
        type="button"
        className="ask-button ask-skip"
        data-variant="quiet"
        onClick={(event) => {
          if (!missedAfterSwitch(event)) setConfirming(true);
        }}
      >
        {skipsSeveral ? dictionary.skipAll : dictionary.skip}
      </button>
    );
  }
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    setConfirming(false);
  };
  return (
    <fieldset className="ask-skip-confirmation" onKeyDown={cancelOnEscape}>
      <legend className="ask-skip-confirmation__text">{dictionary.skipConfirmation}</legend>
      <button
        ref={keepButton}
        type="button"
        className="ask-button"
        data-variant="secondary"
        onClick={() => setConfirming(false)}
      >
        {dictionary.cancelSkip}
      </button>
      <button
        type="button"
        className="ask-button"
        data-variant="danger"
        onClick={(event) => {
          if (!missedAfterSwitch(event)) skip();
        }}
      >
        {dictionary.confirmSkip}
      </button>
    </fieldset>
  );
}
