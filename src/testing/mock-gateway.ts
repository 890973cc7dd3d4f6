import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { WebSocket, WebSocketServer } from "ws";
import { type Clock, systemClock } from "../gateway/clock";
import type { QuestionRequestParams } from "../gateway/types";
import {
  DEFAULT_TICK_INTERVAL_MS,
  PRE_HANDSHAKE_MAX_PAYLOAD,
  QUESTIONS_SCOPE,
} from "../protocol/constants";
import type { QuestionRecord } from "../protocol/types";
import { createMockAgent, type MockAgentApi } from "./mock-agent";
import { type MockChatMessage, sendChat } from "./mock-chat";
import { createPairingStore, type PairingRequest } from "./mock-device-auth";
import { errorShape, MOCK_ERROR_CODES } from "./mock-errors";
import { createResponseFaults } from "./mock-faults";
import { decideHandshake, PAIRING_REQUIRED_MESSAGE } from "./mock-handshake";
import { buildHelloOk, MOCK_MAX_PAYLOAD } from "./mock-hello";
import { createQuestion, type MethodContext, runQuestionMethod } from "./mock-question-methods";
import { parseRequestParams } from "./mock-question-params";
import { createQuestionStore } from "./mock-question-store";
import { createRunTracker } from "./mock-runs";
import { DEFAULT_AGENT_ID } from "./mock-session-key";
import {
  MOCK_SESSION_METHODS,
  runSessionMethod,
  sessionMessageEvent,
} from "./mock-session-methods";
import { createSessionLog } from "./mock-sessions";

/** Options of the mock gateway. */
export type MockGatewayOptions = {
  port?: number;
  host?: string;
  token?: string;
  clock?: Clock;
  tickIntervalMs?: number;
  allowedOrigins?: string[];
  /**
   * The embedding's agent: told of every chat message that starts a turn or answers a run's
   * question as plain text. Without it, a message that would start a turn fails at once.
   */
  onChatMessage?: (message: MockChatMessage) => void;
};

/**
 * A running mock gateway with fault injection for tests. As the embedding's agent it can write
 * assistant messages (async questions too) and end runs in-process (`MockAgentApi`).
 */
export type MockGateway = MockAgentApi & {
  readonly url: string;
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
  /** Cuts every open connection (clients see an abnormal close). */
  dropConnections(): void;
  /** The next response (to `method`, or any) is never sent. */
  loseNextResponse(method?: string): void;
  /** The next response (to `method`, or any) is sent `ms` later on the gateway clock. */
  delayNextResponse(ms: number, method?: string): void;
  stopTicks(): void;
  startTicks(): void;
  /** Loses every question and drops every connection, like a process restart. */
  restart(): Promise<void>;
  /** Injects a question in-process, as a trusted back-end would. */
  requestQuestion(params: QuestionRequestParams): Promise<{ id: string; expiresAtMs: number }>;
  /** Every stored record, terminal ones included until their tombstone ends. */
  listRecords(): QuestionRecord[];
  /** Devices that connected from another host and wait for approval. */
  pendingPairings(): PairingRequest[];
  /** Approves a pending device, as `openclaw devices approve <requestId>` does; false when unknown. */
  approvePairing(requestId: string): boolean;
};

type Connection = {
  socket: WebSocket;
  origin: string | undefined;
  remote: boolean;
  nonce: string;
  phase: "handshake" | "open";
  scopes: string[];
  seq: number;
  /** Sessions whose messages this connection follows (`sessions.messages.subscribe`). */
  subscriptions: Set<string>;
};

const TOKEN_BYTES = 24;
const POLICY_VIOLATION = 1008;
const CLOSE_REASON_MAX_CHARS = 120;

function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === "::1" || /^(?:::ffff:)?127\./.test(address);
}

/**
 * Starts a mock protocol-4 gateway on loopback (port 0 by default); `host: "0.0.0.0"` exposes it,
 * and a new device connecting from another host then waits for approval like on the real gateway.
 */
export async function createMockGateway(options: MockGatewayOptions = {}): Promise<MockGateway> {
  const clock = options.clock ?? systemClock;
  const token = options.token ?? randomBytes(TOKEN_BYTES).toString("base64url");
  const tickIntervalMs = options.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS;
  const allowedOrigins = options.allowedOrigins ?? [];
  const connections = new Set<Connection>();
  const pairings = createPairingStore();
  const faults = createResponseFaults();

  const sendEvent = (connection: Connection, event: string, payload: unknown): void => {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    connection.seq += 1;
    connection.socket.send(JSON.stringify({ type: "event", event, payload, seq: connection.seq }));
  };
  const broadcastQuestionEvent = (event: string, payload: unknown): void => {
    for (const connection of connections) {
      if (connection.phase === "open" && connection.scopes.includes(QUESTIONS_SCOPE)) {
        sendEvent(connection, event, payload);
      }
    }
  };
  const chatReaders = new Set(["operator.read", "operator.write", "operator.admin"]);
  const emitChat = (payload: Record<string, unknown>): void => {
    for (const connection of connections) {
      if (connection.phase === "open" && connection.scopes.some((scope) => chatReaders.has(scope)))
        sendEvent(connection, "chat", payload);
    }
  };
  const runs = createRunTracker();
  const sessions = createSessionLog(clock, (session, message) => {
    const payload = sessionMessageEvent(session, message, runs);
    for (const connection of connections) {
      if (connection.phase === "open" && connection.subscriptions.has(session.key))
        sendEvent(connection, "session.message", payload);
    }
  });
  const emitRun = (runId: string, sessionKey: string, event: Record<string, unknown>): void => {
    const agentId = sessionKey.split(":")[1] ?? DEFAULT_AGENT_ID;
    emitChat({ runId, sessionKey, agentId, seq: runs.nextSeq(runId), ...event });
    if (event.state === "final" || event.state === "error" || event.state === "aborted")
      runs.finish(runId);
  };
  const store = createQuestionStore(clock, (event) =>
    broadcastQuestionEvent("question.resolved", event),
  );
  const methodContext = (scopes: string[]): MethodContext => ({
    store,
    scopes,
    onRequested: (record) => broadcastQuestionEvent("question.requested", record),
  });

  let tickTimer: ReturnType<Clock["setTimeout"]> | null = null;
  const scheduleTick = (): void => {
    tickTimer = clock.setTimeout(() => {
      for (const connection of connections) {
        if (connection.phase === "open") sendEvent(connection, "tick", { ts: clock.now() });
      }
      scheduleTick();
    }, tickIntervalMs);
  };
  const stopTicks = (): void => {
    if (tickTimer !== null) clock.clearTimeout(tickTimer);
    tickTimer = null;
  };

  const respond = (
    connection: Connection,
    id: string,
    method: string,
    outcome: Awaited<ReturnType<typeof runQuestionMethod>>,
  ): void => {
    const frame = outcome.ok
      ? { type: "res", id, ok: true, payload: outcome.payload }
      : { type: "res", id, ok: false, error: outcome.error };
    const send = () => {
      if (connection.socket.readyState === WebSocket.OPEN)
        connection.socket.send(JSON.stringify(frame));
    };
    const fault = faults.take(method);
    if (fault === null) send();
    else if (fault.kind === "delay") clock.setTimeout(send, fault.ms);
  };

  const handleHandshake = (connection: Connection, frame: Record<string, unknown>): void => {
    const id = typeof frame.id === "string" ? frame.id : "";
    if (frame.type !== "req" || frame.method !== "connect") {
      const message =
        frame.type === "req"
          ? "invalid handshake: first request must be connect"
          : "invalid request frame";
      connection.socket.send(
        JSON.stringify({
          type: "res",
          id,
          ok: false,
          error: errorShape(MOCK_ERROR_CODES.invalidRequest, message),
        }),
      );
      connection.socket.close(POLICY_VIOLATION, message);
      return;
    }
    const decision = decideHandshake(frame.params, {
      token,
      origin: connection.origin,
      allowedOrigins,
      challengeNonce: connection.nonce,
      nowMs: clock.now(),
      pairings,
      remote: connection.remote,
    });
    if (!decision.ok) {
      const { error } = decision;
      connection.socket.send(JSON.stringify({ type: "res", id, ok: false, error }));
      const requestId = error.details?.requestId;
      const reason =
        error.message === PAIRING_REQUIRED_MESSAGE && typeof requestId === "string"
          ? `${error.message} (requestId: ${requestId})`
          : error.message.slice(0, CLOSE_REASON_MAX_CHARS);
      connection.socket.close(POLICY_VIOLATION, reason);
      return;
    }
    connection.phase = "open";
    connection.scopes = decision.value.scopes;
    const hello = buildHelloOk(decision.value, tickIntervalMs, clock.now());
    connection.socket.send(JSON.stringify({ type: "res", id, ok: true, payload: hello }));
  };

  const handleRequest = (connection: Connection, frame: Record<string, unknown>): void => {
    if (frame.type !== "req" || typeof frame.id !== "string" || typeof frame.method !== "string")
      return;
    const { id, method } = frame;
    if (method === "chat.send") {
      const { outcome, after } = sendChat(frame.params, {
        store,
        sessions,
        runs,
        scopes: connection.scopes,
        emitRun,
        onMessage: options.onChatMessage,
      });
      respond(connection, id, method, outcome);
      after();
      return;
    }
    if (MOCK_SESSION_METHODS.has(method)) {
      const context = { sessions, runs, scopes: connection.scopes };
      respond(
        connection,
        id,
        method,
        runSessionMethod(method, frame.params, {
          ...context,
          subscriptions: connection.subscriptions,
        }),
      );
      return;
    }
    runQuestionMethod(method, frame.params, methodContext(connection.scopes)).then(
      (outcome) => respond(connection, id, method, outcome),
      () =>
        respond(connection, id, method, {
          ok: false,
          error: errorShape("UNAVAILABLE", "internal error"),
        }),
    );
  };

  const server = new WebSocketServer({
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    maxPayload: MOCK_MAX_PAYLOAD,
  });
  server.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    const connection: Connection = {
      socket,
      origin: request.headers.origin,
      remote: !isLoopbackAddress(request.socket.remoteAddress),
      nonce: randomUUID(),
      phase: "handshake",
      scopes: [],
      seq: 0,
      subscriptions: new Set(),
    };
    connections.add(connection);
    socket.on("close", () => connections.delete(connection));
    socket.on("error", () => connections.delete(connection));
    socket.on("message", (data: Buffer) => {
      if (connection.phase === "handshake" && data.length > PRE_HANDSHAKE_MAX_PAYLOAD) {
        socket.close(POLICY_VIOLATION, "payload too large");
        return;
      }
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString("utf8"));
      } catch {
        socket.close(POLICY_VIOLATION, "invalid frame");
        return;
      }
      if (typeof frame !== "object" || frame === null) return;
      const record = frame as Record<string, unknown>;
      if (connection.phase === "handshake") handleHandshake(connection, record);
      else handleRequest(connection, record);
    });
    socket.send(
      JSON.stringify({
        type: "event",
        event: "connect.challenge",
        payload: { nonce: connection.nonce, ts: clock.now() },
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  scheduleTick();

  const dropConnections = (): void => {
    for (const connection of [...connections]) connection.socket.terminate();
    connections.clear();
  };

  return {
    url: `ws://127.0.0.1:${port}`,
    token,
    port,
    close: async () => {
      stopTicks();
      store.reset();
      runs.reset();
      sessions.reset();
      dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    dropConnections,
    loseNextResponse: (method) =>
      faults.add(method === undefined ? { kind: "lose" } : { kind: "lose", method }),
    delayNextResponse: (ms, method) =>
      faults.add(method === undefined ? { kind: "delay", ms } : { kind: "delay", ms, method }),
    stopTicks,
    startTicks: () => {
      if (tickTimer === null) scheduleTick();
    },
    // Transcripts are kept on disk and outlive a restart; runs and questions do not.
    restart: async () => {
      store.reset();
      runs.reset();
      faults.clear();
      dropConnections();
    },
    requestQuestion: async (params) => {
      const parsed = parseRequestParams(params);
      const outcome = parsed.ok
        ? createQuestion(methodContext([QUESTIONS_SCOPE]), parsed.value)
        : parsed;
      if (!outcome.ok)
        throw new MockGatewayError(
          outcome.error.code,
          outcome.error.message,
          outcome.error.details,
        );
      return outcome.payload as { id: string; expiresAtMs: number };
    },
    listRecords: () => store.records(),
    pendingPairings: () => pairings.pending(),
    approvePairing: (requestId) => pairings.approve(requestId, clock.now()) !== null,
    ...createMockAgent({
      sessions,
      runs,
      emitRun,
      fail: (code, message) => {
        throw new MockGatewayError(code, message);
      },
    }),
  };
}

/** Thrown by in-process calls such as `requestQuestion`. */
export class MockGatewayError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "MockGatewayError";
    this.code = code;
    this.details = details;
  }
}
