import type { PromptDraft, PromptEntry, QuestionStoreState } from "./types";

/** What an earlier page left behind: waiting prompts and ended ones (the timeline), and why others were dropped. */
export type RestoredTimeline = {
  prompts: readonly PromptEntry[];
  diagnostics: readonly string[];
};

/** The state of a store that has seen nothing yet (drafts and prompts may come from storage; a later prompt with the same id wins). */
export function createInitialState(
  nowMs: number,
  drafts: Record<string, PromptDraft> = {},
  restored: RestoredTimeline = { prompts: [], diagnostics: [] },
): QuestionStoreState {
  const prompts: Record<string, PromptEntry> = {};
  for (const entry of restored.prompts) prompts[entry.id] = entry;
  return {
    prompts,
    order: Object.keys(prompts),
    drafts,
    sessions: {},
    orphanResolutions: {},
    connection: { status: "idle" },
    hydration: { status: "idle", attempt: 0, connectionId: 0 },
    clockOffsetMs: 0,
    nowMs,
    diagnostics: [...restored.diagnostics],
  };
}
