import { parseConnectChallenge, parseGatewayFrame } from "../protocol/parse-frames";
import type { ConnectChallenge, GatewayFrame, HelloOk } from "../protocol/types";
import type { GatewayClientOptions } from "./client-options";
import { resolveClientSettings } from "./client-settings";
import type { TimerHandle } from "./clock";
import {
  type ConnectionSession,
  createConnectionSession,
  releaseConnectionSession,
} from "./connection-session";
import { GatewayDisconnectedError } from "./errors";
import { performHandshake } from "./handshake";
import { computeReconnectDelay } from "./reconnect-backoff";
import { createSharedTokenHolder } from "./shared-token";
import { describeUrlForLog, findDefaultSocketFactory } from "./socket-support";
import type {
  ConnectionFailure,
  ConnectionState,
  GatewayClient,
  GatewayClientEvent,
  SocketLike,
} from "./types";

/** A socket that has not completed the handshake by then is dropped and retried. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;
/** Silence longer than this many tick intervals means the socket is dead. */
export const TICK_WATCHDOG_FACTOR = 2;
const CLOSE_CODE_NORMAL = 1000;
const CLOSE_CODE_LIVENESS = 4000;

/** A gateway client that can also take a new shared token (after a token failure). */
export type GatewayClientHandle = GatewayClient & {
  /** Replaces the shared token (memory, or sessionStorage when configured) and reconnects if failed. */
  setToken(token: string | null): void;
};

type Session = ConnectionSession;

/** Creates a protocol-4 client: handshake, requests, events, tick watchdog and reconnect. */
export function createGatewayClient(options: GatewayClientOptions): GatewayClientHandle {
  const { clock, random, log, role, requestTimeoutMs, origin, requirements } =
    resolveClientSettings(options);
  const sharedToken = createSharedTokenHolder(
    options.url,
    options.auth.token,
    options.auth.tokenStorage ?? "memory",
  );
  const listeners = new Set<(event: GatewayClientEvent) => void>();
  const urlForLog = describeUrlForLog(options.url);

  let state: ConnectionState = { status: "idle" };
  let session: Session | null = null;
  let running = false;
  let failedAttempts = 0;
  let connectionId = 0;
  let clockOffsetMs = 0;
  let nextRequestId = 0;
  let reconnectTimer: TimerHandle | null = null;
  let handshakeTimer: TimerHandle | null = null;
  let watchdogTimer: TimerHandle | null = null;

  function emit(event: GatewayClientEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        log(`gateway: listener threw: ${String(error)}`);
      }
    }
  }

  function setState(next: ConnectionState): void {
    state = next;
    emit({ type: "state", state: next });
  }

  function clearTimer(timer: TimerHandle | null): null {
    if (timer !== null) clock.clearTimeout(timer);
    return null;
  }

  function send(
    current: Session,
    method: string,
    params: unknown,
    timeoutMs: number,
  ): Promise<unknown> {
    nextRequestId += 1;
    const id = String(nextRequestId);
    const response = current.pending.add(id, method, timeoutMs);
    try {
      current.socket.send(JSON.stringify({ type: "req", id, method, params }));
    } catch {
      dropSession(current, "send failed");
    }
    return response;
  }

  function resetWatchdog(current: Session, tickIntervalMs: number): void {
    watchdogTimer = clearTimer(watchdogTimer);
    watchdogTimer = clock.setTimeout(() => {
      log(`gateway: no frame for ${TICK_WATCHDOG_FACTOR * tickIntervalMs} ms, closing the socket`);
      dropSession(current, "tick timeout", CLOSE_CODE_LIVENESS);
    }, TICK_WATCHDOG_FACTOR * tickIntervalMs);
  }

  function openSocket(): void {
    reconnectTimer = clearTimer(reconnectTimer);
    const keepFailure = state.status === "failed";
    if (!keepFailure) setState({ status: "connecting", attempt: failedAttempts + 1 });
    log(`gateway: connecting to ${urlForLog}`);
    let socket: SocketLike;
    try {
      socket = (options.socketFactory ?? findDefaultSocketFactory())(options.url);
    } catch (error) {
      log(`gateway: could not open a socket: ${String(error)}`);
      scheduleReconnect("could not open a socket", null);
      return;
    }
    const current = createConnectionSession(socket, clock);
    session = current;
    socket.onmessage = (event) => handleMessage(current, event.data);
    socket.onclose = (event) => handleClose(current, `closed ${event.code} ${event.reason}`.trim());
    socket.onerror = () => log("gateway: socket error");
    handshakeTimer = clearTimer(handshakeTimer);
    handshakeTimer = clock.setTimeout(() => {
      log("gateway: handshake timed out");
      dropSession(current, "handshake timeout", CLOSE_CODE_LIVENESS);
    }, HANDSHAKE_TIMEOUT_MS);
  }

  function handleMessage(current: Session, data: unknown): void {
    if (session !== current) return;
    const parsed = parseGatewayFrame(data);
    if (!parsed.ok) {
      log(
        `gateway: dropped a malformed frame (${parsed.issues.map((issue) => issue.path).join(", ")})`,
      );
      return;
    }
    if (current.established && state.status === "connected") {
      resetWatchdog(current, state.hello.policy.tickIntervalMs);
    }
    routeFrame(current, parsed.value);
  }

  function routeFrame(current: Session, frame: GatewayFrame): void {
    if (frame.type === "res") {
      current.pending.settle(frame.id, frame.ok ? { ok: true, payload: frame.payload } : frame);
      return;
    }
    if (frame.event === "connect.challenge" && !current.challenged) {
      const challenge = parseConnectChallenge(frame.payload);
      if (!challenge.ok) {
        log("gateway: malformed connect.challenge");
        return;
      }
      current.challenged = true;
      clockOffsetMs = challenge.value.ts - clock.now();
      handshake(current, challenge.value).catch((error: unknown) => {
        log(`gateway: handshake failed: ${error instanceof Error ? error.name : "error"}`);
        dropSession(current, "handshake failed");
      });
      return;
    }
    if (current.established) emit({ type: "event", frame, connectionId });
  }

  async function handshake(current: Session, challenge: ConnectChallenge): Promise<void> {
    const result = await performHandshake(
      {
        options,
        role,
        origin,
        sharedToken: sharedToken.get(),
        requirements,
        sendConnect: (params) => send(current, "connect", params, requestTimeoutMs),
        log,
      },
      challenge,
    );
    if (session !== current) return;
    switch (result.kind) {
      case "connected":
        establish(current, result.hello);
        return;
      case "failed":
        failSession(current, result.failure);
        return;
      case "retry":
        current.retryAfterMs = result.retryAfterMs;
        dropSession(current, result.reason);
        return;
      default:
        result satisfies never;
    }
  }

  function establish(current: Session, hello: HelloOk): void {
    handshakeTimer = clearTimer(handshakeTimer);
    current.established = true;
    failedAttempts = 0;
    connectionId += 1;
    log(`gateway: connected (connection ${connectionId})`);
    resetWatchdog(current, hello.policy.tickIntervalMs);
    setState({
      status: "connected",
      hello: withoutDeviceToken(hello),
      connectionId,
      clockOffsetMs,
    });
  }

  function failSession(current: Session, failure: ConnectionFailure): void {
    if (session !== current) return;
    log(`gateway: connection failed: ${failure.kind}`);
    detach(current, CLOSE_CODE_NORMAL);
    setState({ status: "failed", failure });
    if (failure.kind === "pairing-required" && failure.retryAfterMs !== null) {
      reconnectTimer = clock.setTimeout(() => {
        reconnectTimer = null;
        if (running && state.status === "failed") openSocket();
      }, failure.retryAfterMs);
    }
  }

  function detach(current: Session, code: number): void {
    session = null;
    handshakeTimer = clearTimer(handshakeTimer);
    watchdogTimer = clearTimer(watchdogTimer);
    releaseConnectionSession(current, code);
  }

  // Drops a socket without waiting for its close event, which a dead link may never deliver.
  function dropSession(current: Session, reason: string, code = CLOSE_CODE_NORMAL): void {
    if (session !== current) return;
    detach(current, code);
    if (running) scheduleReconnect(reason, current.retryAfterMs);
  }

  function handleClose(current: Session, reason: string): void {
    if (session !== current) return;
    log(`gateway: socket ${reason}`);
    dropSession(current, reason);
  }

  function scheduleReconnect(lastError: string, minimumDelayMs: number | null): void {
    failedAttempts += 1;
    const delay = Math.max(computeReconnectDelay(failedAttempts, random), minimumDelayMs ?? 0);
    const retryAtMs = clock.now() + delay;
    log(`gateway: reconnecting in ${delay} ms (attempt ${failedAttempts})`);
    setState({ status: "reconnecting", attempt: failedAttempts, retryAtMs, lastError });
    reconnectTimer = clearTimer(reconnectTimer);
    reconnectTimer = clock.setTimeout(() => {
      reconnectTimer = null;
      if (running) openSocket();
    }, delay);
  }

  return {
    clock,
    url: options.url,
    connect: () => {
      if (running && state.status !== "failed") return;
      reconnectTimer = clearTimer(reconnectTimer);
      running = true;
      failedAttempts = 0;
      if (state.status === "failed") state = { status: "idle" };
      openSocket();
    },
    close: () => {
      running = false;
      reconnectTimer = clearTimer(reconnectTimer);
      if (session) detach(session, CLOSE_CODE_NORMAL);
      setState({ status: "idle" });
    },
    getState: () => state,
    getConnectionId: () => connectionId,
    getClockOffsetMs: () => clockOffsetMs,
    request: <T>(method: string, params?: unknown, requestOptions?: { timeoutMs?: number }) => {
      const current = session;
      if (!current?.established) {
        return Promise.reject(new GatewayDisconnectedError(method, "the gateway is not connected"));
      }
      const timeoutMs = requestOptions?.timeoutMs ?? requestTimeoutMs;
      return send(current, method, params ?? {}, timeoutMs) as Promise<T>;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setToken: (token) => {
      sharedToken.set(token);
      if (running && state.status === "failed") {
        reconnectTimer = clearTimer(reconnectTimer);
        state = { status: "idle" };
        failedAttempts = 0;
        openSocket();
      }
    },
  };
}

/** The hello a UI may render: the device token is a credential and stays inside the client. */
function withoutDeviceToken(hello: HelloOk): HelloOk {
  const auth = { ...hello.auth };
  delete auth.deviceToken;
  return { ...hello, auth };
}
