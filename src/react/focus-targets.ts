/** Where focus goes inside a question: the chosen radio first, then any option, then a text field. */
export const QUESTION_FOCUS_TARGETS = [
  '[role="radio"][data-state="checked"]',
  '[role="radio"]',
  '[role="checkbox"]',
  "textarea",
  "input",
] as const;

/** Where focus goes inside the host's composer. */
export const COMPOSER_FOCUS_TARGETS = ["textarea", "input", "[contenteditable='true']"] as const;

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
