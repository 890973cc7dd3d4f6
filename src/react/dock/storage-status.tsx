import { useRef, useState } from "react";
import { useQuestionsContext } from "../context";
import { findFocusTarget, questionFocusTargets } from "../focus-targets";
import { useDictionary } from "../i18n/use-dictionary";
import { useQuestionStore } from "../use-question-store";

/**
 * Says that what the user chooses and types is not kept across a reload, while the store's storage
 * part has not loaded (a network error), with Try again. Once it loads, the line goes and the focus
 * it held moves to the question.
 */
export function StorageStatus() {
  const dictionary = useDictionary();
  const { store } = useQuestionsContext();
  const failed = useQuestionStore((state) => state.storageFailure !== null);
  const [retrying, setRetrying] = useState(false);
  const line = useRef<HTMLDivElement>(null);
  if (!failed) return null;
  const retry = () => {
    if (retrying) return;
    setRetrying(true);
    const panel = line.current?.closest(".ask-dock, .ask-card") ?? null;
    const held = line.current?.contains(document.activeElement) === true;
    void store
      .getState()
      .retryStorage()
      .finally(() => {
        setRetrying(false);
        if (held && store.getState().storageFailure === null) {
          findFocusTarget(panel, questionFocusTargets())?.focus();
        }
      });
  };
  return (
    <div ref={line} role="status" data-status="storage-failed" className="ask-status">
      <span className="ask-status__text">{dictionary.storageFailed}</span>
      <button
        type="button"
        className="ask-button"
        data-variant="secondary"
        aria-disabled={retrying ? "true" : undefined}
        onClick={retry}
      >
        {dictionary.retry}
      </button>
    </div>
  );
}
