// The root entry: what a React host composes. The React-free layers have entries of their own
// (`ask-user-kit/protocol`, `/gateway`, `/store`), and etc/*.api.md records each surface. It is
// the composer entry plus the question panel's own parts, for a host that builds its own dock.
import "./react/styles.css";

export * from "./composer";
export { Announcer } from "./react/announcer";
export { QuestionCard, type QuestionCardProps } from "./react/card/question-card";
export { Countdown } from "./react/dock/countdown";
export { QuestionDock } from "./react/dock/question-dock";
export { RequestNavigation } from "./react/dock/request-navigation";
export { en } from "./react/i18n/en";
export { useDictionary } from "./react/i18n/use-dictionary";
export { OutcomeNotice, type OutcomeNoticeProps } from "./react/notice/outcome-notice";
export { QuestionBar, type QuestionBarProps } from "./react/question-bar";
export { ReplyHint, type ReplyHintProps } from "./react/reply/reply-hint";
export { type ReplyTarget, useReplyTarget } from "./react/reply/use-reply-target";
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
