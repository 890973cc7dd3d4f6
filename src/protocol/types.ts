import type { QuestionField } from "./form-field";

/** One selectable option of a question. */
export type QuestionOption = { label: string; description?: string };

/** One question inside a gateway question record (protocol 4 shape). */
export type Question = {
  questionId: string;
  header: string;
  question: string;
  url?: string;
  options: QuestionOption[];
  multiSelect?: boolean;
  isOther?: boolean;
  isSecret?: boolean;
  /** Set when the question is a typed form field (an MCP elicitation property). */
  field?: QuestionField;
  /**
   * A URL the question asks the user to open (an MCP URL elicitation): shown with its host set
   * apart, opened only by the user's click on Open; such a question has no options and no text.
   */
  openUrl?: string;
  /**
   * The option chosen from the start (an OpenClaw async question's first): shown chosen, sent only
   * when the user submits.
   */
  preselect?: string;
};

/** Answers keyed by questionId; every value is an array, also for single-select. */
export type QuestionAnswers = { answers: Record<string, string[]> };

/** Lifecycle status of a record on the gateway. */
export type QuestionStatus = "pending" | "answered" | "cancelled" | "expired";

/** A question record as the gateway stores and sends it. */
export type QuestionRecord = {
  id: string;
  questions: Question[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  createdAtMs: number;
  expiresAtMs: number;
  status: QuestionStatus;
  answers?: QuestionAnswers;
  resolvedBy?: string;
  /**
   * Who asks, when it is not an OpenClaw gateway's question record (which has neither field): an
   * MCP server's form, an AI SDK chat's tool call, an OpenClaw async question. Sentences that name
   * the other side use it.
   */
  origin?: RecordOrigin;
  /** An MCP form's own message, shown above its fields. */
  message?: string;
};

/**
 * Where a record came from besides a gateway's `question.*` records: an MCP server's form, an AI
 * SDK chat's tool call, or an OpenClaw async question (an optional question the agent asked in a
 * message while it works on; answered by a chat message that replies to it).
 */
export type RecordOrigin = "mcp" | "chat" | "async";

/** Payload of the `question.resolved` event. */
export type QuestionResolvedEvent =
  | { id: string; status: "answered"; answers: QuestionAnswers }
  | { id: string; status: "cancelled" }
  | { id: string; status: "expired" };

/** Result of `question.waitAnswer`. */
export type WaitAnswerResult =
  | { status: "pending" }
  | { status: "answered"; answers: QuestionAnswers }
  | { status: "cancelled" }
  | { status: "expired" };

/** Result of `question.resolve`. */
export type ResolveResult =
  | { status: "answered"; answers: QuestionAnswers }
  | { status: "cancelled" };

/** Error object of a failed response frame. */
export type GatewayErrorShape = {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  retryable?: boolean;
  retryAfterMs?: number;
};

/** Known `details.reason` values of question method errors. */
export type QuestionErrorReason =
  | "QUESTION_NOT_FOUND"
  | "QUESTION_ALREADY_TERMINAL"
  | "QUESTION_ID_IN_USE"
  | "QUESTION_INVALID_ANSWER"
  | "QUESTION_REQUESTER_INACTIVE";

/** A request frame sent by a client. */
export type RequestFrame = { type: "req"; id: string; method: string; params?: unknown };

/** A response frame sent by the gateway. */
export type ResponseFrame =
  | { type: "res"; id: string; ok: true; payload?: unknown }
  | { type: "res"; id: string; ok: false; error: GatewayErrorShape; payload?: unknown };

/** An event frame sent by the gateway. */
export type EventFrame = { type: "event"; event: string; payload?: unknown; seq?: number };

/** Any frame the gateway may send. */
export type GatewayFrame = ResponseFrame | EventFrame;

/** Payload of `connect.challenge`. */
export type ConnectChallenge = { nonce: string; ts: number };

/** Client descriptor of the connect request (a closed object on the gateway). */
export type ConnectClient = {
  id: string;
  version: string;
  platform: string;
  mode: string;
  displayName?: string;
  instanceId?: string;
  deviceFamily?: string;
};

/** Signed device proof of the connect request. */
export type ConnectDevice = {
  id: string;
  publicKey: string;
  signature: string;
  signedAt: number;
  nonce: string;
};

/** Params of the `connect` request. */
export type ConnectParams = {
  minProtocol: 4;
  maxProtocol: 4;
  client: ConnectClient;
  role: "operator";
  scopes: string[];
  caps?: string[];
  auth?: { token: string } | { deviceToken: string };
  device?: ConnectDevice;
  locale?: string;
  userAgent?: string;
};

/** The `hello-ok` payload of a successful connect. */
export type HelloOk = {
  type: "hello-ok";
  protocol: number;
  server: { version: string; connId: string; [key: string]: unknown };
  features: { methods: string[]; events: string[]; capabilities?: string[] };
  snapshot?: unknown;
  auth: {
    method?: string;
    role: string;
    scopes: string[];
    deviceToken?: string;
    issuedAtMs?: number;
  };
  policy: { maxPayload: number; maxBufferedBytes: number; tickIntervalMs: number };
};

/** A failed parse: where and why. */
export type ParseIssue = { path: string; message: string };

/** Outcome of any `parse*` function at the edge. */
/** A parse: the value (with `warnings` for parts left out so the rest could be kept), or why it failed. */
export type ParseResult<T> =
  | { ok: true; value: T; warnings?: ParseIssue[] }
  | { ok: false; issues: ParseIssue[] };
