export type { FetchOutcome, QuestionAction, QuestionActionType } from "./actions";
export {
  DEFAULT_AGENT_ID,
  DEFAULT_SESSION_KEY,
  DEFAULT_STORE_TICK_INTERVAL_MS,
  HYDRATION_RETRY_DELAYS_MS,
  HYDRATION_RETRY_INTERVAL_MS,
  MAX_STORED_TIMELINE_PROMPTS,
  MAX_STORED_WAITING_PROMPTS,
} from "./constants";
export { createQuestionStore, type QuestionStoreOptions } from "./create-question-store";
export { draftToAnswers, draftToUnsentAnswers, questionValue, sameAnswers } from "./draft-values";
export { createInitialState, type RestoredTimeline } from "./initial-state";
export { isBlockingStatus, isTerminalStatus, unconfirmedSendOf } from "./outcomes";
export { reduceQuestionBatch, reduceQuestions } from "./reducer";
export { canonicalSessionKey, recordMatchesScope, scopeKey } from "./scope";
export {
  type StepState,
  selectCanAdvance,
  selectCanSubmit,
  selectDraft,
  selectFirstUnansweredStep,
  selectQuestionDraft,
  selectQuestionValue,
  selectStepProgress,
  selectStepStates,
  selectSubmitsNext,
} from "./selectors-drafts";
export {
  selectActivePrompt,
  selectActivePromptId,
  selectConnection,
  selectDiagnostics,
  selectIsExpanded,
  selectPendingPrompts,
  selectPrompt,
  selectReplyRefusal,
  selectReplyTarget,
  selectRequestPosition,
  selectTimeLeftMs,
  selectWaitingCount,
} from "./selectors-prompts";
export { selectTimelineItems } from "./selectors-timeline";
export type {
  DraftStorage,
  PendingAction,
  PromptDraft,
  PromptEntry,
  PromptError,
  PromptStatus,
  QuestionDraft,
  QuestionStore,
  QuestionStoreActions,
  QuestionStoreState,
  ReplyRefusalNote,
  SendProgress,
  SessionScope,
  SessionView,
  TimelineItem,
} from "./types";
