export { type AskUserResult, toAskUserResult } from "./ask-user-result";
export { type AskUserOutcome, askUserInputOf, readAskUserOutcome } from "./ask-user-tool-result";
export {
  type AsyncQuestion,
  type AsyncQuestionMessage,
  formatAsyncAnswer,
  parseAsyncAnswer,
  readAsyncQuestionMessage,
} from "./async-questions";
export {
  type CanonicalizeAnswersResult,
  canonicalizeAnswers,
  type FieldRules,
  type InvalidAnswerError,
} from "./canonicalize-answers";
export { PLAIN_TEXT_RESOLVER } from "./chat-reply";
export {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_HEADER_GRAPHEMES,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TIMEOUT_SECONDS,
  MIN_OPTIONS,
  MIN_QUESTIONS,
  MIN_TIMEOUT_SECONDS,
  PROTOCOL_VERSION,
  QUESTION_EVENTS,
  QUESTION_METHODS,
  QUESTIONS_SCOPE,
} from "./constants";
export { BOOLEAN_LABELS } from "./field-values";
export {
  type FieldFormat,
  type FieldIssue,
  fieldIssue,
  type QuestionField,
} from "./form-field";
export {
  type FormContent,
  type FormProperty,
  type FormReading,
  formContentOf,
  readFormSchema,
} from "./form-schema";
export { formatPromptText } from "./format-prompt-text";
export { clampHeader } from "./graphemes";
export {
  type NormalizeAskUserInputResult,
  type NormalizedAskUserInput,
  normalizeAskUserInput,
} from "./normalize-ask-user-input";
export { parseQuestionRecord } from "./parse-question-record";
export { parseTextReply } from "./parse-text-reply";
export type {
  ParseIssue,
  ParseResult,
  Question,
  QuestionAnswers,
  QuestionOption,
  QuestionRecord,
  QuestionStatus,
  RecordOrigin,
  ResolveResult,
  WaitAnswerResult,
} from "./types";
