import type { PromptDraft, QuestionStoreState } from "./types";

/** The state of a store that has seen nothing yet (drafts may come from storage). */
export function createInitialState(
  nowMs: number,
  drafts: Record<string, PromptDraft> = {},
): QuestionStoreState {
  return {
    prompts: {},
    order: [],
    drafts,
    sessions: {},
    orphanResolutions: {},
    connection: { status: "idle" },
    hydration: { status: "idle", attempt: 0, connectionId: 0 },
    clockOffsetMs: 0,
    nowMs,
    diagnostics: [],
  };
}
