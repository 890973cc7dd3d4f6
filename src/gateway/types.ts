import type {
  EventFrame,
  GatewayErrorShape,
  HelloOk,
  QuestionAnswers,
  QuestionRecord,
  QuestionResolvedEvent,
  ResolveResult,
  WaitAnswerResult,
} from "../protocol/types";
import type { Clock } from "./clock";

/** The subset of the WebSocket API the client uses (browser WebSocket and `ws` both fit). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
};

/** Opens a socket; `ws` in Node, `WebSocket` in the browser. */
export type SocketFactory = (url: string) => SocketLike;

/** Why a connection failed, each with what the user can do about it. */
export type ConnectionFailure =
  | {
      kind: "origin-not-allowed";
      origin: string | null;
      configKey: "gateway.controlUi.allowedOrigins";
      command: string;
    }
  | { kind: "device-identity-required" }
  | { kind: "token-missing" }
  | { kind: "token-mismatch" }
  | { kind: "device-token-mismatch" }
  | {
      kind: "pairing-required";
      /** Null when the gateway sent no id of the shape it issues, so no command is offered. */
      requestId: string | null;
      command: string | null;
      retryAfterMs: number | null;
    }
  | { kind: "scope-missing"; scope: string }
  | { kind: "method-missing"; methods: string[] }
  | { kind: "protocol-mismatch"; protocol: number | null }
  | { kind: "signature-invalid" }
  | { kind: "device-storage-unavailable"; message: string }
  | { kind: "other"; code: string; reason: string | null; message: string };

/** Connection state a UI can render. */
export type ConnectionState =
  | { status: "idle" }
  | { status: "connecting"; attempt: number }
  | { status: "connected"; hello: HelloOk; connectionId: number; clockOffsetMs: number }
  | { status: "reconnecting"; attempt: number; retryAtMs: number; lastError: string | null }
  | { status: "failed"; failure: ConnectionFailure };

/** Error of a failed RPC; `reason` mirrors `details.reason` (or `details.code`). */
export type GatewayRequestErrorInit = GatewayErrorShape & { method: string };

/** Events the client emits to subscribers. */
export type GatewayClientEvent =
  | { type: "state"; state: ConnectionState }
  | { type: "event"; frame: EventFrame; connectionId: number };

/** A protocol-4 WebSocket client with reconnect. */
export type GatewayClient = {
  connect(): void;
  close(): void;
  getState(): ConnectionState;
  /** Increments on every successful hello; results of an older connection are stale. */
  getConnectionId(): number;
  /** Estimated gateway clock minus local clock, from the challenge `ts`. */
  getClockOffsetMs(): number;
  request<T = unknown>(
    method: string,
    params?: unknown,
    options?: { timeoutMs?: number },
  ): Promise<T>;
  subscribe(listener: (event: GatewayClientEvent) => void): () => void;
  readonly clock: Clock;
  /** The gateway URL; it names the gateway in storage keys. */
  readonly url: string;
  /**
   * Adds what this client's gateway asks besides question records to a question API made over it
   * (the browser client: OpenClaw's async questions, `withAsyncQuestions`). A provider given the
   * client uses it; a client without it gives question records only.
   */
  readonly extendQuestionApi?: (api: QuestionApi) => QuestionApi;
};

/** Params of `question.request`. */
export type QuestionRequestParams = {
  id?: string;
  questions: QuestionRecord["questions"];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  timeoutMs?: number;
};

/** Options of `QuestionApi.list`. */
export type QuestionListOptions = {
  /** Receives one line per malformed record the list dropped (id and what was wrong). */
  onDiagnostic?: (message: string) => void;
};

/** Typed wrapper over the five question methods and two events. */
export type QuestionApi = {
  /** Pending records; a malformed one is dropped and reported to `options.onDiagnostic`. */
  list(options?: QuestionListOptions): Promise<QuestionRecord[]>;
  get(id: string): Promise<QuestionRecord>;
  resolve(
    id: string,
    answers: QuestionAnswers,
    options?: { resolvedBy?: string; resolutionId?: string; expiresAtMs?: number },
  ): Promise<ResolveResult>;
  cancel(
    id: string,
    options?: { resolvedBy?: string; expiresAtMs?: number },
  ): Promise<ResolveResult>;
  request(params: QuestionRequestParams): Promise<{ id: string; expiresAtMs: number }>;
  waitAnswer(id: string, options?: { timeoutMs?: number }): Promise<WaitAnswerResult>;
  onRequested(listener: (record: unknown, connectionId: number) => void): () => void;
  onResolved(
    listener: (event: QuestionResolvedEvent | unknown, connectionId: number) => void,
  ): () => void;
  readonly client: GatewayClient;
};
