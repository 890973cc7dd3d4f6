import type { KeyboardEvent } from "react";
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

/** What was typed into the dock while its answer was on its way, waiting for the composer. */
export type HeldKeys = { text: string };

/**
 * Holds a key typed into the dock while its answer is on its way: the dock is read-only then, and
 * a user who answered with Ctrl+Enter is already typing their next message. Characters (and
 * Backspace) are held for the composer the dock gives back; Enter, digits, Escape and Space do
 * nothing in the dock meanwhile (the answer was already sent, and a pick or a collapse now would
 * act on what the user cannot see change).
 */
export function holdKey(
  event: KeyboardEvent<HTMLElement>,
  store: StoreApi<QuestionStore>,
  scope: SessionScope,
  held: HeldKeys,
): void {
  const state = store.getState();
  const id = selectActivePromptId(state, scope);
  if (id === null || promptStateOf(selectPrompt(state, id)).status !== "sending") return;
  if (isComposing(event) || hasCommandModifier(event) || PASSED_KEYS.has(event.key)) return;
  event.preventDefault();
  event.stopPropagation();
  if (event.key === "Backspace") held.text = [...held.text].slice(0, -1).join("");
  else if (typesCharacter(event.key)) held.text += event.key;
}

/** Gives what was held to the composer's field. */
export function releaseHeldKeys(composer: HTMLElement | null, held: HeldKeys): void {
  if (held.text === "" || composer === null) return;
  const field = composerField(composer);
  if (field === null) return;
  const text = held.text;
  held.text = "";
  insertText(field, text);
}
