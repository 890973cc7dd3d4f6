import { type RefObject, useCallback, useEffect, useRef } from "react";
import type { StoreApi } from "zustand/vanilla";
import { selectActivePromptId } from "../store/selectors-prompts";
import type { QuestionStore, SessionScope } from "../store/types";

/** Input types that hold no text the user writes. */
const NOT_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "hidden",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** The user is mid-message: focus is in one of the composer's fields and it holds text. */
export function isWritingIn(area: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (active === null || area?.contains(active) !== true) return false;
  // Only a field holds a message: a focused Send button's own label ("Send") is not one.
  if (active instanceof HTMLTextAreaElement) return active.value.trim() !== "";
  if (active instanceof HTMLInputElement)
    return !NOT_TEXT_INPUTS.has(active.type) && active.value.trim() !== "";
  // `contentEditable` as well: a host's rich editor; some DOMs lack `isContentEditable`.
  const editable =
    active instanceof HTMLElement &&
    (active.isContentEditable === true ||
      active.matches('[contenteditable]:not([contenteditable="false"])'));
  return editable ? (active.textContent ?? "").trim() !== "" : false;
}

/**
 * Whether the user was writing in the composer when `promptId` arrived. Sampled the moment the
 * store learns of the question, before React renders: a host may blur its own composer as it
 * reacts to the same event (OpenClaw's Control UI does, for its own question takeover), and by
 * the time the dock renders the user would look idle.
 */
export function useWritingAtArrival(
  store: StoreApi<QuestionStore>,
  scope: SessionScope,
  composerArea: RefObject<HTMLElement | null>,
): (promptId: string) => boolean {
  const sampled = useRef<{ promptId: string; writing: boolean } | null>(null);
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        const promptId = selectActivePromptId(state, scope);
        if (promptId === null || selectActivePromptId(previous, scope) !== null) return;
        sampled.current = { promptId, writing: isWritingIn(composerArea.current) };
      }),
    [store, scope, composerArea],
  );
  return useCallback(
    (promptId) =>
      isWritingIn(composerArea.current) ||
      (sampled.current?.promptId === promptId && sampled.current.writing),
    [composerArea],
  );
}
