export { DEFAULT_SESSION_KEY } from "./constants";
export { createQuestionStore, type QuestionStoreOptions } from "./create-question-store";
export {
  createLocalQuestionSource,
  type LocalAskOptions,
  type LocalQuestionHandlers,
  type LocalQuestionSource,
} from "./local-source";
export type { SourceParts } from "./part-gate";
export {
  type DataStatus,
  isAnswerable,
  isEditable,
  type PromptDelivery,
  type PromptOutcome,
  type PromptState,
  promptStateOf,
} from "./prompt-state";
export { type PromptSummary, type SummaryLine, summarizePrompt } from "./prompt-summary";
export type { AnswerCheck, QuestionSource } from "./question-source";
export { entryOfRecord } from "./record-entry";
export { canonicalSessionKey, recordMatchesScope, scopeKey } from "./scope";
export {
  type StepState,
  selectCanAdvance,
  selectCanSubmit,
  selectDraft,
  selectStepProgress,
  selectStepStates,
} from "./selectors-drafts";
export {
  selectActivePrompt,
  selectActivePromptId,
  selectConnection,
  selectDiagnostics,
  selectIsExpanded,
  selectPendingPrompts,
  selectPrompt,
  selectReplyTarget,
  selectRequestPosition,
  selectTimeLeftMs,
  selectWaitingCount,
} from "./selectors-prompts";
export { selectTimelineItems } from "./selectors-timeline";
export type {
  DraftStorage,
  OrphanResolution,
  PromptDraft,
  PromptEntry,
  PromptError,
  QuestionDraft,
  QuestionStore,
  QuestionStoreActions,
  QuestionStoreState,
  SessionScope,
  TimelineItem,
} from "./types";
