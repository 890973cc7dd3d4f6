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
    storageFailure: null,
    sourceFailure: null,
  };
}

/**
 * `state` with what an earlier page stored, read after the store was made (its storage part loads
 * apart): the store has not started, so what it holds is newer and wins over a stored copy.
 */
export function withRestored(
  state: QuestionStoreState,
  drafts: ReadonlyMap<string, PromptDraft>,
  restored: RestoredTimeline,
): QuestionStoreState {
  const fresh = restored.prompts.filter((entry) => !state.prompts.has(entry.id));
  const freshDrafts = [...drafts].filter(([id]) => !state.drafts.has(id));
  if (fresh.length === 0 && freshDrafts.length === 0 && restored.diagnostics.length === 0) {
    return state;
  }
  const prompts = new Map<string, PromptEntry>();
  for (const entry of fresh) prompts.set(entry.id, entry);
  for (const [id, entry] of state.prompts) prompts.set(id, entry);
  return {
    ...state,
    prompts,
    order: [...new Set([...fresh.map((entry) => entry.id), ...state.order])],
    drafts: new Map([...freshDrafts, ...state.drafts]),
    diagnostics: [...state.diagnostics, ...restored.diagnostics],
  };
}
