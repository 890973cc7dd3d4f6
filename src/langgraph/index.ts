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
export {
  type AskUserThread,
  createThreadQuestionSource,
  type ThreadQuestionSource,
  type ThreadQuestionSourceOptions,
  type UnhandledInterrupt,
} from "./thread-question-source";
