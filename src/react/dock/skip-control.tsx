import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useDictionary } from "../context";
import { useSkip } from "../use-actions";

/** "Skip", then a short confirmation so a stray click never throws the prompt away. */
export function SkipControl() {
  const dictionary = useDictionary();
  const skip = useSkip();
  const [isConfirming, setConfirming] = useState(false);
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
        onClick={() => setConfirming(true)}
      >
        {dictionary.skip}
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
      <button type="button" className="ask-button" data-variant="danger" onClick={skip}>
        {dictionary.confirmSkip}
      </button>
    </fieldset>
  );
}
