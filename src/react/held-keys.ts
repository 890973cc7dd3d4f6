import { type KeyboardEvent, useCallback, useRef } from "react";
import type { StoreApi } from "zustand/vanilla";
import { promptStateOf } from "../store/prompt-state";
import { selectActivePromptId, selectPrompt } from "../store/selectors-prompts";
import type { QuestionStore, SessionScope } from "../store/types";
import { COMPOSER_FOCUS_TARGETS } from "./focus-targets";
import { hasCommandModifier, isComposing } from "./keyboard";

/** Keys that keep their meaning while the dock is read-only: they move the focus or the caret. */
const PASSED_KEYS = new Set([
  "Tab",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
]);

/** True for a key that types one character (a letter, a digit, a space, an emoji). */
function typesCharacter(key: string): boolean {
  return [...key].length === 1;
}

/** Writes `text` at the field's caret as typing would, so a host's controlled field hears it. */
function insertText(field: HTMLElement, text: string): void {
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    try {
      const start = field.selectionStart ?? field.value.length;
      field.setRangeText(text, start, field.selectionEnd ?? start, "end");
    } catch {
      // A field type without a selection (email, number): the text goes at its end.
      field.value += text;
    }
  } else if (!(field === document.activeElement && document.execCommand("insertText", false, text)))
    field.append(text);
  field.dispatchEvent(
    new InputEvent("input", { bubbles: true, inputType: "insertText", data: text }),
  );
}

/** The composer field the text goes to: the focused one, else its first field that is enabled. */
function composerField(composer: HTMLElement): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== composer && composer.contains(active))
    if (active.matches(COMPOSER_FOCUS_TARGETS.join(", "))) return active;
  for (const selector of COMPOSER_FOCUS_TARGETS)
    for (const field of composer.querySelectorAll<HTMLElement>(selector))
      if (!field.matches(":disabled, [readonly]")) return field;
  return null;
}

/**
 * Keys typed into the dock while its answer is on its way: the dock is read-only then, and a user
 * who answered with Ctrl+Enter is already typing their next message. Characters (and Backspace)
 * are held and given to the composer once the dock gives it back; Enter, digits, Escape and Space
 * do nothing in the dock meanwhile (the answer was already sent, and a pick or a collapse now
 * would act on what the user cannot see change).
 */
export function useHeldKeys(store: StoreApi<QuestionStore>, scope: SessionScope) {
  const held = useRef("");

  const hold = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const state = store.getState();
      const id = selectActivePromptId(state, scope);
      if (id === null || promptStateOf(selectPrompt(state, id)).status !== "sending") return;
      if (isComposing(event) || hasCommandModifier(event) || PASSED_KEYS.has(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      if (event.key === "Backspace") held.current = [...held.current].slice(0, -1).join("");
      else if (typesCharacter(event.key)) held.current += event.key;
    },
    [store, scope],
  );

  /** Gives what was held to the composer's field; true when there was something to give. */
  const release = useCallback((composer: HTMLElement | null): boolean => {
    if (held.current === "" || composer === null) return false;
    const field = composerField(composer);
    if (field === null) return false;
    const text = held.current;
    held.current = "";
    insertText(field, text);
    return true;
  }, []);

  return { hold, release };
}
