import { matchesMedia } from "./media-query";

/** Where focus goes inside a question: the chosen radio first, then any option, then a text field. */
export const QUESTION_FOCUS_TARGETS = [
  '[role="radio"][data-state="checked"]',
  '[role="radio"]',
  '[role="checkbox"]',
  "textarea",
  "input",
] as const;

/** Where focus goes inside a question on a touch screen: never a text field (it pops the keyboard). */
export const QUESTION_TOUCH_FOCUS_TARGETS = [
  '[role="radio"][data-state="checked"]',
  '[role="radio"]',
  '[role="checkbox"]',
  'button[aria-expanded="true"]',
] as const;

/** Where focus goes inside the host's composer. */
export const COMPOSER_FOCUS_TARGETS = ["textarea", "input", "[contenteditable='true']"] as const;

/** A touch screen's on-screen keyboard covers half the page when a text field takes the focus. */
export const TOUCH_SCREEN_QUERY = "(pointer: coarse), (hover: none)";

/** True on a touch screen, where focusing a text field opens the on-screen keyboard. */
export function isTouchScreen(): boolean {
  return matchesMedia(TOUCH_SCREEN_QUERY);
}

/** The question's focus targets for this screen. */
export function questionFocusTargets(): readonly string[] {
  return isTouchScreen() ? QUESTION_TOUCH_FOCUS_TARGETS : QUESTION_FOCUS_TARGETS;
}

/** The first element matching the earliest selector that matches at all (a selector list would pick by document order). */
export function findFocusTarget(
  container: ParentNode | null | undefined,
  selectors: readonly string[],
): HTMLElement | null {
  if (container === null || container === undefined) return null;
  for (const selector of selectors) {
    const found = container.querySelector<HTMLElement>(selector);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Focuses the first element that takes the focus, trying each selector's matches in turn: a
 * field that is disabled or not rendered does not take it, and the focus must not stay lost.
 */
export function focusFirstTaker(
  container: ParentNode | null | undefined,
  selectors: readonly string[],
): boolean {
  if (container === null || container === undefined) return false;
  for (const selector of selectors) {
    for (const candidate of container.querySelectorAll<HTMLElement>(selector)) {
      candidate.focus();
      if (document.activeElement === candidate) return true;
    }
  }
  return false;
}

/** True when the focus fell to the page (its element went away) or is inside `area`. */
export function focusIsLostOrIn(area: Element | null | undefined): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || area?.contains(active) === true;
}

/** Controls that hold no text the user types: a click on one may well have asked the question. */
const PRESSED_CONTROLS = [
  "button",
  "a[href]",
  "summary",
  "select",
  'input:is([type="button"], [type="submit"], [type="reset"], [type="image"], [type="checkbox"], [type="radio"], [type="range"], [type="color"], [type="file"])',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
].join(", ");

/** True when the focus is on a control the user pressed, not in text they are typing. */
export function focusIsOnPressedControl(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement && active !== document.body && active.matches(PRESSED_CONTROLS)
  );
}
