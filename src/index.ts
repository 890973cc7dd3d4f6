// The root entry: what a React host composes. The React-free layers have entries of their own
// (`ask-user-kit/protocol`, `/gateway`, `/store`), and etc/*.api.md records each surface.
import "./react/styles.css";

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
export { Announcer } from "./react/announcer";
export { QuestionCard, type QuestionCardProps } from "./react/card/question-card";
export { ComposerDock, type ComposerDockProps } from "./react/composer-dock";
export { useDictionary, useSessionScope } from "./react/context";
export { Countdown } from "./react/dock/countdown";
export { QuestionDock } from "./react/dock/question-dock";
export { RequestNavigation } from "./react/dock/request-navigation";
export {
  GatewayQuestionsProvider,
  type GatewayQuestionsProviderProps,
} from "./react/gateway-provider";
export { type Dictionary, type DictionaryKey, en } from "./react/i18n/en";
export { OutcomeNotice, type OutcomeNoticeProps } from "./react/notice/outcome-notice";
export {
  QuestionsProvider,
  type QuestionsProviderProps,
  type QuestionsSource,
} from "./react/provider";
export { QuestionBar, type QuestionBarProps } from "./react/question-bar";
export { ReplyHint, type ReplyHintProps } from "./react/reply/reply-hint";
export { type ReplyTarget, useReplyTarget } from "./react/reply/use-reply-target";
export { AnswerSummary, type AnswerSummaryProps } from "./react/summary/answer-summary";
export {
  useAdvance,
  useBack,
  useForgetPrompt,
  useGoToStep,
  useRetry,
  useSetExpanded,
  useSkip,
  useSubmit,
} from "./react/use-actions";
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
