const RECOMMENDED_SUFFIX = " (Recommended)";

/** Splits the " (Recommended)" suffix off a label for display; the answer value stays the full label. */
export function stripRecommended(label: string): { text: string; isRecommended: boolean } {
  if (label.length > RECOMMENDED_SUFFIX.length && label.endsWith(RECOMMENDED_SUFFIX)) {
    return { text: label.slice(0, -RECOMMENDED_SUFFIX.length), isRecommended: true };
  }
  return { text: label, isRecommended: false };
}
