export {
  ASK_USER_TOOL_NAME,
  type HeadlessToolRequest,
  type ReviewAction,
  type ReviewDecision,
  type ReviewDecisionType,
  readHeadlessToolRequest,
  readReviewRequest,
  type ThreadInterrupt,
} from "./interrupt-shapes";
export { DEFAULT_REVIEW_WORDS, type ReviewWords } from "./review-prompt";
export { REVIEW_WORDS_AR, REVIEW_WORDS_DE, REVIEW_WORDS_JA } from "./review-words";
export {
  DEFAULT_STREAM_ERROR_WORDS,
  describeStreamError,
  type StreamErrorDescription,
  type StreamErrorWords,
} from "./stream-error";
export {
  STREAM_ERROR_WORDS_AR,
  STREAM_ERROR_WORDS_DE,
  STREAM_ERROR_WORDS_JA,
} from "./stream-error-words";
export {
  type AskUserThread,
  createThreadQuestionSource,
  type ThreadQuestionSource,
  type ThreadQuestionSourceOptions,
  type UnhandledInterrupt,
} from "./thread-question-source";
