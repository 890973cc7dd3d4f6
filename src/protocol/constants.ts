/** Protocol version this kit speaks. */
export const PROTOCOL_VERSION = 4;
/** Scope every question method and event needs. */
export const QUESTIONS_SCOPE = "operator.questions";
/** The five question methods. */
export const QUESTION_METHODS = [
  "question.request",
  "question.waitAnswer",
  "question.resolve",
  "question.get",
  "question.list",
] as const;
/** Question events. */
export const QUESTION_EVENTS = ["question.requested", "question.resolved"] as const;
export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 3;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;
export const MAX_HEADER_GRAPHEMES = 12;
export const MAX_LABEL_LENGTH = 64;
export const DEFAULT_TIMEOUT_SECONDS = 900;
export const MIN_TIMEOUT_SECONDS = 30;
export const MAX_TIMEOUT_SECONDS = 3600;
/** Gateway default when `question.request` has no `timeoutMs`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 900_000;
/** How long a terminal record stays readable with `question.get`. */
export const TERMINAL_TOMBSTONE_MS = 15_000;
export const MAX_URL_LENGTH = 2048;
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
export const ASK_USER_ID_PATTERN = /^ask_[0-9a-f]{32}$/;
/** Handshake frames may be at most this large. */
export const PRE_HANDSHAKE_MAX_PAYLOAD = 64 * 1024;
export const DEFAULT_TICK_INTERVAL_MS = 30_000;
