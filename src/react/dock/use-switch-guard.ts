import { useCallback, useLayoutEffect, useRef } from "react";
import { usePromptId } from "../prompt-context";

/** A click this soon after the dock switched to another request was aimed at the one before. */
export const SWITCH_GUARD_MS = 500;

/**
 * Tells whether a click must be ignored: a pointer click (`detail` > 0) just after the dock
 * switched requests under the pointer (a double click on "Yes, skip" would otherwise act on the
 * next request too). Keyboard presses (`detail` 0) are aimed at what has the focus, never ignored.
 */
export function useSwitchGuard(): (click: { detail: number }) => boolean {
  const promptId = usePromptId();
  const shown = useRef<{ promptId: string; atMs: number | null }>({ promptId, atMs: null });
  useLayoutEffect(() => {
    if (shown.current.promptId === promptId) return;
    shown.current = { promptId, atMs: Date.now() };
  }, [promptId]);
  return useCallback((click) => {
    const { atMs } = shown.current;
    return click.detail > 0 && atMs !== null && Date.now() - atMs < SWITCH_GUARD_MS;
  }, []);
}
