// What became of the calls a page approved in a review, read from the thread's messages on every
// update and kept in storage. The tool's result can reach the page after the interrupt went away,
// and a reload forgets what was decided: kept, a verdict given early is corrected when the result
// arrives, after a reload too.
import { isRecord } from "../protocol/parse-support";
import type { DraftStorage, PromptResult } from "../store/types";
import type { ReviewWords } from "./review-prompt";
import { callerIndexOf, modelSpokeAfter, toolResultOf } from "./thread-messages";

/** A review this page answered, as kept until each approved call is known to have run. */
export type WatchedReview = {
  /** The approved (or edited) calls, by the question id of their decision step. */
  approved: Array<{ questionId: string; callId: string }>;
  /** Every call of the review, to find the message that made them. */
  callIds: string[];
  /** That message's id, when it has one. */
  callerId: string | null;
  /** The results last reported. */
  said: PromptResult[];
};

const isResult = (value: unknown): value is PromptResult =>
  isRecord(value) && typeof value.questionId === "string" && typeof value.text === "string";

function readWatched(value: unknown): WatchedReview | null {
  if (!isRecord(value) || !Array.isArray(value.approved) || !Array.isArray(value.callIds))
    return null;
  const approved = value.approved.filter(
    (item): item is WatchedReview["approved"][number] =>
      isRecord(item) && typeof item.questionId === "string" && typeof item.callId === "string",
  );
  return {
    approved,
    callIds: value.callIds.filter((id): id is string => typeof id === "string"),
    callerId: typeof value.callerId === "string" ? value.callerId : null,
    said: Array.isArray(value.said) ? value.said.filter(isResult) : [],
  };
}

const sameResults = (a: readonly PromptResult[], b: readonly PromptResult[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** The reviews of one thread whose calls' fate is watched, kept in `storage` under `key`. */
export function createReviewVerdicts(
  storage: DraftStorage | null,
  key: string,
  words: ReviewWords,
) {
  const watched = new Map<string, WatchedReview>();
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
    if (isRecord(parsed))
      for (const [id, value] of Object.entries(parsed)) {
        const review = readWatched(value);
        if (review !== null) watched.set(id, review);
      }
  } catch {
    watched.clear();
  }
  const save = (): void => {
    try {
      if (watched.size === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(Object.fromEntries(watched)));
    } catch {
      // Storage full or blocked: verdicts are still corrected until the page reloads.
    }
  };

  /**
   * Each approved call's result line: none once its result is in the messages; "did not run" only
   * once the run has settled and the model spoke after the calls with no result for this one;
   * until then the earlier verdict, or that the result is awaited. Null when the messages do not
   * hold the calls (not loaded yet): nothing to tell.
   */
  const verdictOf = (
    review: WatchedReview,
    messages: readonly unknown[],
    settled: boolean,
  ): PromptResult[] | null => {
    const caller = callerIndexOf(review.callIds, review.callerId, messages);
    if (caller < 0) return null;
    const movedOn = settled && modelSpokeAfter(caller, messages);
    return review.approved.flatMap(({ questionId, callId }): PromptResult[] => {
      if (toolResultOf(callId, messages) !== null) return [];
      if (movedOn) return [{ questionId, text: words.notRun }];
      const before = review.said.find((item) => item.questionId === questionId);
      if (!settled && before !== undefined) return [before];
      return [{ questionId, text: words.resultPending }];
    });
  };

  return {
    /** Watches a review answered here; one with no approved call has nothing to tell. */
    watch(id: string, review: Omit<WatchedReview, "said">): void {
      if (review.approved.length === 0) watched.delete(id);
      else watched.set(id, { ...review, said: watched.get(id)?.said ?? [] });
      save();
    },
    /**
     * Reads each watched review not `pending` on the thread again, and reports the results that
     * changed. A review whose approved calls all ran is no longer watched.
     */
    review(
      messages: readonly unknown[],
      settled: boolean,
      pending: (id: string) => boolean,
      report: (id: string, results: PromptResult[]) => void,
    ): void {
      let changed = false;
      for (const [id, review] of watched) {
        if (pending(id)) continue;
        const results = verdictOf(review, messages, settled);
        if (results === null) continue;
        if (!sameResults(results, review.said)) {
          report(id, results);
          review.said = results;
          changed = true;
        }
        if (results.length === 0) {
          watched.delete(id);
          changed = true;
        }
      }
      if (changed) save();
    },
  };
}
