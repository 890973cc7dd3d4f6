// The composer entry: the root entry without the question panel's own parts (QuestionDock,
// QuestionCard, QuestionBar, OutcomeNotice, RequestNavigation, Countdown, Announcer, ReplyHint,
// useReplyTarget, the action hooks, `useDictionary` and `en`). <ComposerDock> loads
// that panel with import() as it mounts, so a host that imports from here ships it as a chunk of
// its own, off its first bytes. A bundler puts every module an imported file re-exports in with it
// once another chunk uses that module too: the panel's parts must not be re-exported here.

export {
  type AsyncQuestionApi,
  type AsyncQuestionOptions,
  withAsyncQuestions,
} from "./gateway/async-question-api";
export {
  type BrowserGatewayClientHandle,
  type BrowserGatewayClientOptions,
  createBrowserGatewayClient,
} from "./gateway/browser-client";
export { describeConnectionFailure, type FailureDescription } from "./gateway/describe-failure";
export {
  DeviceStorageError,
  GatewayDisconnectedError,
  GatewayInvalidResponseError,
  GatewayRequestError,
  GatewayTimeoutError,
} from "./gateway/errors";
export { createQuestionApi } from "./gateway/question-api";
export type {
  ConnectionFailure,
  ConnectionState,
  GatewayClient,
  QuestionApi,
} from "./gateway/types";
export type { FieldFormat, FieldIssue, QuestionField } from "./protocol/form-field";
export type {
  Question,
  QuestionAnswers,
  QuestionOption,
  QuestionRecord,
  RecordOrigin,
} from "./protocol/types";
export { ComposerDock, type ComposerDockProps } from "./react/composer-dock";
export { useSessionScope } from "./react/context";
export {
  GatewayQuestionsProvider,
  type GatewayQuestionsProviderProps,
} from "./react/gateway-provider";
export type { Dictionary, DictionaryKey } from "./react/i18n/en";
export {
  QuestionsProvider,
  type QuestionsProviderProps,
  type QuestionsSource,
} from "./react/provider";
export { AnswerSummary, type AnswerSummaryProps } from "./react/summary/answer-summary";
export { type LayoutPreference, useLayout } from "./react/use-layout";
export { usePromptState } from "./react/use-prompt-state";
export {
  requestQuestionNotificationPermission,
  useQuestionBadge,
  useQuestionNotifications,
  useTitleBadge,
} from "./react/use-question-badge";
export { useQuestionStore, useQuestionStoreShallow } from "./react/use-question-store";
export { useActivePrompt, useConnection, useWaitingPrompts } from "./react/use-session-prompts";
export { useTimelineItems } from "./react/use-timeline-items";
export { createQuestionStore, type QuestionStoreOptions } from "./store/create-question-store";
export type { SourceParts } from "./store/part-gate";
export {
  type DataStatus,
  type PromptDelivery,
  type PromptOutcome,
  type PromptState,
  promptStateOf,
} from "./store/prompt-state";
export type { AnswerCheck, QuestionSource } from "./store/question-source";
export type {
  DraftStorage,
  OrphanResolution,
  PromptEntry,
  QuestionStore,
  QuestionStoreState,
  SessionScope,
  TimelineItem,
} from "./store/types";
