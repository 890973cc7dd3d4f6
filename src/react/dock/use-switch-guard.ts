import { useCallback, useLayoutEffect, useRef } from "react";
import { usePromptId } from "../prompt-context";

/** A click this soon after the dock switched to another request was aimed at the one before. */
export const SWITCH_GUARD_MS = 500;

/**
 * True while a click must be ignored: the dock has just switched requests under the pointer (a
 * double click on "Yes, skip" would otherwise act on the next request too).
 */
export function useSwitchGuard(): () => boolean {
  const promptId = usePromptId();
  const shown = useRef<{ promptId: string; atMs: number | null }>({ promptId, atMs: null });
  useLayoutEffect(() => {
    if (shown.current.promptId === promptId) return;
    shown.current = { promptId, atMs: Date.now() };
  }, [promptId]);
  return useCallback(() => {
    const { atMs } = shown.current;
    return atMs !== null && Date.now() - atMs < SWITCH_GUARD_MS;
  }, []);
}
