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
/** Fewest questions in one prompt. */
export const MIN_QUESTIONS = 1;
/** Most questions in one prompt. */
export const MAX_QUESTIONS = 3;
/** Most fields of a form record (one whose questions carry `field`); `ask_user` keeps its 3. */
export const MAX_FORM_FIELDS = 100;
/** Most options of a form field's choice. */
export const MAX_FORM_OPTIONS = 500;
/** Fewest options of a question that has options. */
export const MIN_OPTIONS = 2;
/** Fewest options of an OpenClaw async question that has options (`ask_user` asks for 2). */
export const MIN_ASYNC_OPTIONS = 1;
/** Most options of a question. */
export const MAX_OPTIONS = 4;
/** Headers are clamped to this many user-perceived characters. */
export const MAX_HEADER_GRAPHEMES = 12;
/** Longest `ask_user` option label, in characters. */
export const MAX_LABEL_LENGTH = 64;
/** `ask_user` timeout when the agent gives none. */
export const DEFAULT_TIMEOUT_SECONDS = 900;
/** Shortest `ask_user` timeout; shorter ones are raised to it. */
export const MIN_TIMEOUT_SECONDS = 30;
/** Longest `ask_user` timeout; longer ones are lowered to it. */
export const MAX_TIMEOUT_SECONDS = 3600;
/** Gateway default when `question.request` has no `timeoutMs`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 900_000;
/** How long a terminal record stays readable with `question.get`. */
export const TERMINAL_TOMBSTONE_MS = 15_000;
/** Longest question url. */
export const MAX_URL_LENGTH = 2048;
/** Shape of a question id: snake_case. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Shape of a record id created by `ask_user`. */
export const ASK_USER_ID_PATTERN = /^ask_[0-9a-f]{32}$/;
/** Shown instead of a secret answer. */
export const SECRET_MASK = "••••••";
/** Handshake frames may be at most this large. */
export const PRE_HANDSHAKE_MAX_PAYLOAD = 64 * 1024;
export const DEFAULT_TICK_INTERVAL_MS = 30_000;
