import "./styles.css";

export { Announcer, LAST_MINUTE_MS } from "./announcer";
export { QuestionCard, type QuestionCardProps } from "./card/question-card";
export { ComposerDock, type ComposerDockProps } from "./composer-dock";
export { useDictionary, useSessionScope } from "./context";
export { type DisplayStatus, displayStatusOf } from "./display-status";
export { COUNTDOWN_WARNING_SECONDS, Countdown, formatTimeLeft } from "./dock/countdown";
export { QuestionDock } from "./dock/question-dock";
export { RequestNavigation } from "./dock/request-navigation";
export {
  GatewayQuestionsProvider,
  type GatewayQuestionsProviderProps,
} from "./gateway-provider";
export { type Dictionary, type DictionaryKey, en } from "./i18n/en";
export { formatMessage } from "./i18n/format";
export { OutcomeNotice, type OutcomeNoticeProps } from "./notice/outcome-notice";
export {
  type RetirementKind,
  retirementOf,
  retirementSentence,
  unsentAnswersOf,
} from "./notice/retirement";
export { useRetiredPrompt } from "./notice/use-retired-prompt";
export {
  QuestionsProvider,
  type QuestionsProviderProps,
  type QuestionsSource,
} from "./provider";
export { QuestionBar, type QuestionBarProps } from "./question-bar";
export { ReplyHint, type ReplyHintProps } from "./reply/reply-hint";
export { type ReplyTarget, replyHintId, useReplyTarget } from "./reply/use-reply-target";
export { AnswerSummary, type AnswerSummaryProps } from "./summary/answer-summary";
export { answerSummaryPropsOf, type EntrySummaryProps } from "./summary/summary-props";
export {
  useAdvance,
  useBack,
  useDismiss,
  useGoToStep,
  useRetry,
  useSetExpanded,
  useSkip,
  useSubmit,
} from "./use-actions";
export { type LayoutPreference, STACKED_LAYOUT_QUERY, useLayout } from "./use-layout";
export {
  requestQuestionNotificationPermission,
  useQuestionBadge,
  useQuestionNotifications,
  useTitleBadge,
} from "./use-question-badge";
export { useQuestionStore, useQuestionStoreShallow } from "./use-question-store";
export { useTimelineItems } from "./use-timeline-items";
