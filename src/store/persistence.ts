import { createDraftPersistence, loadDrafts } from "./draft-storage";
import type { RestoredTimeline } from "./initial-state";
import { createTimelinePersistence } from "./timeline-storage";
import type { DraftStorage, PromptDraft, QuestionStoreState } from "./types";
import { createWaitingPersistence } from "./waiting-storage";

/** What a store keeps across a reload: what an earlier page left, and storage kept in step. */
export type StorePersistence = {
  drafts: Map<string, PromptDraft>;
  restored: RestoredTimeline;
  /** Writes what changed from `previous` to `next`: drafts, waiting prompts, the timeline. */
  sync(previous: QuestionStoreState, next: QuestionStoreState): void;
};

/** Reads what an earlier page of the same gateway stored, and keeps storage in step from now on. */
export function createStorePersistence(
  storage: DraftStorage,
  gatewayKey: string,
): StorePersistence {
  const drafts = createDraftPersistence(storage, gatewayKey);
  const timeline = createTimelinePersistence(storage, gatewayKey);
  const waiting = createWaitingPersistence(storage, gatewayKey);
  return {
    drafts: loadDrafts(storage, gatewayKey),
    restored: {
      // An id on both shelves (a write cut short) keeps its ended form: a settled prompt never goes back.
      prompts: [...waiting.restored, ...timeline.restored],
      diagnostics: [...waiting.diagnostics, ...timeline.diagnostics],
    },
    sync: (previous, next) => {
      drafts.sync(previous, next);
      timeline.sync(previous, next);
      waiting.sync(previous, next);
    },
  };
}
