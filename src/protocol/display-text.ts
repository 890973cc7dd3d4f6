// Embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI). The
// implicit marks (LRM, RLM, ALM) stay: they cannot reorder strong text, and right-to-left
// writers use them to place punctuation.
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Agent text as it is shown: without the explicit direction controls, which would reorder it on
 * screen ("Open \u202egnp.exe" reads "Open exe.png"), so it reads in the order it was written.
 * For display only: the data (an option label sent back as the answer) keeps its controls.
 */
export function displayText(text: string): string {
  return text.replace(DIRECTION_CONTROLS, "");
}
