// How a form field's answers are written, apart from the field rules: a page that only shows
// answers (the summary) needs these, not the rules.

/** A boolean field's option labels: the values sent, shown as Yes and No. */
export const BOOLEAN_LABELS = ["true", "false"] as const;

// A valid floating-point number as HTML defines it: what a number input gives ("01" and ".5" too).
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number a number field's text stands for, or null when it is not one (or not finite). */
export function readNumber(text: string): number | null {
  if (!NUMBER_TEXT.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
