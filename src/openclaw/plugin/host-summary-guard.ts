import {
  HOST_QUESTION_ROW,
  HOST_QUESTION_ROW_KEY,
  HOST_QUESTION_ROW_PREFIX,
  HOST_SUMMARY,
  HOST_SUMMARY_REPLACED,
} from "./host-classes";
import type { StoreApi } from "./host-dock-guard";

/**
 * Whether the kit shows the outcome of record `id` itself: an agent's `ask_user` call (a gateway
 * record of a run), whose tool result the kit's tool-result view summarises.
 */
function isAgentCall(store: StoreApi, id: string): boolean {
  const record = store.getState().prompts.get(id)?.record;
  return record !== undefined && record.origin === undefined && record.runId !== undefined;
}

/**
 * Hides (by CSS) the host's own summary of an agent's question, which the kit's tool-result
 * summary repeats while the page lives; the host's summary of any other question record (one a
 * backend asked, or one the kit does not hold) stays: it is the only one the thread has.
 */
export function hideSummariesOfAgentCalls(page: Document, store: StoreApi): () => void {
  let scheduled = 0;
  const check = () => {
    scheduled = 0;
    for (const row of page.querySelectorAll(HOST_QUESTION_ROW)) {
      const id = (row.getAttribute(HOST_QUESTION_ROW_KEY) ?? "").slice(
        HOST_QUESTION_ROW_PREFIX.length,
      );
      const replaced = isAgentCall(store, id);
      for (const summary of row.querySelectorAll(HOST_SUMMARY)) {
        if (summary.hasAttribute(HOST_SUMMARY_REPLACED) !== replaced)
          summary.toggleAttribute(HOST_SUMMARY_REPLACED, replaced);
      }
    }
  };
  // The thread changes on every streamed word: one look per frame, before it paints.
  const schedule = () => {
    scheduled ||= requestAnimationFrame(check);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(page.body, { childList: true, subtree: true });
  const unsubscribe = store.subscribe(schedule);
  check();
  return () => {
    cancelAnimationFrame(scheduled);
    observer.disconnect();
    unsubscribe();
  };
}
