import type { PromptDraft, PromptEntry, QuestionStoreState } from "./types";

/** What an earlier page left behind: waiting prompts and ended ones (the timeline), and why others were dropped. */
export type RestoredTimeline = {
  prompts: readonly PromptEntry[];
  diagnostics: readonly string[];
};

/** The state of a store that has seen nothing yet (drafts and prompts may come from storage; a later prompt with the same id wins). */
export function createInitialState(
  nowMs: number,
  drafts: ReadonlyMap<string, PromptDraft> = new Map(),
  restored: RestoredTimeline = { prompts: [], diagnostics: [] },
): QuestionStoreState {
  const prompts = new Map<string, PromptEntry>();
  for (const entry of restored.prompts) prompts.set(entry.id, entry);
  return {
    prompts,
    order: [...prompts.keys()],
    drafts,
    sessions: new Map(),
    orphanResolutions: new Map(),
    connection: { status: "idle" },
    hydration: { status: "idle", attempt: 0, connectionId: 0 },
    clockOffsetMs: 0,
    nowMs,
    diagnostics: [...restored.diagnostics],
  };
}
