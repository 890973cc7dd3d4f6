export type { AskUserResult } from "./ask-user-result";
export { toAskUserResult } from "./ask-user-result";
export type { AskUserOutcome } from "./ask-user-tool-result";
export { askUserInputOf, readAskUserOutcome } from "./ask-user-tool-result";
export type { CanonicalizeAnswersResult, InvalidAnswerError } from "./canonicalize-answers";
export { canonicalizeAnswers } from "./canonicalize-answers";
export type { ReplyRefusal } from "./chat-reply";
export { PLAIN_TEXT_RESOLVER, parseReplyRefusal, REPLY_REFUSAL_PREFIX } from "./chat-reply";
export {
  ASK_USER_ID_PATTERN,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_TICK_INTERVAL_MS,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_HEADER_GRAPHEMES,
  MAX_LABEL_LENGTH,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TIMEOUT_SECONDS,
  MAX_URL_LENGTH,
  MIN_OPTIONS,
  MIN_QUESTIONS,
  MIN_TIMEOUT_SECONDS,
  PRE_HANDSHAKE_MAX_PAYLOAD,
  PROTOCOL_VERSION,
  QUESTION_EVENTS,
  QUESTION_ID_PATTERN,
  QUESTION_METHODS,
  QUESTIONS_SCOPE,
  SECRET_MASK,
  TERMINAL_TOMBSTONE_MS,
} from "./constants";
export { formatPromptText, replyGuidance } from "./format-prompt-text";
export { clampHeader, countGatewayCharacters, countGraphemes } from "./graphemes";
export { isSafeHttpUrl } from "./links";
export type {
  NormalizeAskUserInputResult,
  NormalizedAskUserInput,
} from "./normalize-ask-user-input";
export { normalizeAskUserInput } from "./normalize-ask-user-input";
export {
  parseConnectChallenge,
  parseGatewayError,
  parseGatewayFrame,
  parseQuestionResolvedEvent,
} from "./parse-frames";
export { parseHelloOk } from "./parse-hello-ok";
export { parseQuestionRecord } from "./parse-question-record";
export { parseTextReply } from "./parse-text-reply";
export { stripRecommended } from "./recommended";
export { isValueNotKey } from "./reply-keys";
export type {
  OutcomeKind,
  OutcomeLine,
  OutcomeSummary,
  SummarizeOutcomeOptions,
} from "./summarize-outcome";
export { summarizeOutcome } from "./summarize-outcome";
export type {
  ConnectChallenge,
  ConnectClient,
  ConnectDevice,
  ConnectParams,
  EventFrame,
  GatewayErrorShape,
  GatewayFrame,
  HelloOk,
  ParseIssue,
  ParseResult,
  Question,
  QuestionAnswers,
  QuestionErrorReason,
  QuestionOption,
  QuestionRecord,
  QuestionResolvedEvent,
  QuestionStatus,
  RequestFrame,
  ResolveResult,
  ResponseFrame,
  WaitAnswerResult,
} from "./types";
