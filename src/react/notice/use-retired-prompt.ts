import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { endedWithoutUs, promptStateOf } from "../../store/prompt-state";
import { useQuestionsContext } from "../context";

type Retired = { promptId: string; activeAfter: string | null };

/** The prompt that was on screen and ended elsewhere (expired, answered or cancelled elsewhere, lost), until dismissed or replaced by a new question. */
export function useRetiredPrompt(activeId: string | null): {
  retiredId: string | null;
  dismiss: () => void;
} {
  const { store } = useQuestionsContext();
  const [retired, setRetired] = useState<Retired | null>(null);
  const shown = useRef(activeId);

  // Layout effect: the notice replaces the dock in the same paint, so nothing flickers away.
  useLayoutEffect(() => {
    const before = shown.current;
    if (before === activeId) return;
    shown.current = activeId;
    if (before !== null && endedWithoutUs(promptStateOf(store.getState().prompts.get(before)))) {
      setRetired({ promptId: before, activeAfter: activeId });
      return;
    }
    if (activeId !== null) {
      setRetired((current) =>
        current !== null && current.activeAfter !== activeId ? null : current,
      );
    }
  }, [activeId, store]);

  const dismiss = useCallback(() => setRetired(null), []);
  return { retiredId: retired?.promptId ?? null, dismiss };
}
