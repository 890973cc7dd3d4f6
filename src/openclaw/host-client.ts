import { DEFAULT_RPC_TIMEOUT_MS } from "../gateway/client-settings";
import { type Clock, systemClock } from "../gateway/clock";
import {
  GatewayDisconnectedError,
  GatewayRequestError,
  GatewayTimeoutError,
} from "../gateway/errors";
import type { ConnectionState, GatewayClient, GatewayClientEvent } from "../gateway/types";
import {
  DEFAULT_TICK_INTERVAL_MS,
  PROTOCOL_VERSION,
  QUESTION_EVENTS,
  QUESTION_METHODS,
  QUESTIONS_SCOPE,
} from "../protocol/constants";
import type { HelloOk } from "../protocol/types";
import type { ControlUiHost } from "./control-ui-host";

/** Options of `createHostGatewayClient`. */
export type HostGatewayClientOptions = {
  /** Names the gateway in storage keys; the page's origin by default. */
  url?: string;
  clock?: Clock;
  /** The host's requests have no timeout of their own; the kit's is applied. */
  requestTimeoutMs?: number;
};

/** Events the store needs; `tick` carries the gateway's clock, `session.message` async questions. */
const FORWARDED_EVENTS = [...QUESTION_EVENTS, "chat", "tick", "session.message"];
const ENDED_ACTIVATION = /activation has ended/i;
const DEFAULT_MAX_PAYLOAD = 25 * 1024 * 1024;

type HostErrorShape = { code?: unknown; message?: unknown; details?: unknown; retryable?: unknown };

/** The host gives no hello: one is made from what its connection snapshot says. */
function helloOf(host: ControlUiHost): HelloOk {
  const { canRead, canWrite, canAdmin } = host.connection;
  const scopes = [
    QUESTIONS_SCOPE,
    ...(canRead ? ["operator.read"] : []),
    ...(canWrite ? ["operator.write"] : []),
    ...(canAdmin ? ["operator.admin"] : []),
  ];
  return {
    type: "hello-ok",
    protocol: PROTOCOL_VERSION,
    server: { version: "openclaw-control-ui", connId: "control-ui" },
    features: { methods: [...QUESTION_METHODS], events: [...QUESTION_EVENTS] },
    auth: { role: "operator", scopes },
    policy: {
      maxPayload: DEFAULT_MAX_PAYLOAD,
      maxBufferedBytes: DEFAULT_MAX_PAYLOAD,
      tickIntervalMs: DEFAULT_TICK_INTERVAL_MS,
    },
  };
}

/** Maps a host failure to the kit's errors: a rejection keeps its code and `details.reason`. */
function kitErrorOf(method: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (ENDED_ACTIVATION.test(message)) return new GatewayDisconnectedError(method, message);
  const shape = (typeof error === "object" && error !== null ? error : {}) as HostErrorShape;
  if (typeof shape.code === "string") {
    const details =
      typeof shape.details === "object" && shape.details !== null
        ? (shape.details as Record<string, unknown>)
        : undefined;
    return new GatewayRequestError(method, {
      code: shape.code,
      message,
      ...(details === undefined ? {} : { details }),
      ...(typeof shape.retryable === "boolean" ? { retryable: shape.retryable } : {}),
    });
  }
  return new GatewayDisconnectedError(method, message);
}

/**
 * A `GatewayClient` over one Control UI plugin activation: requests go through `host.request`
 * (with the kit's timeout), events come from `host.onEvent`, and the state follows
 * `host.connection`. The host gives no hello and no clock offset: the hello is made from the
 * connection snapshot, and the offset is measured from the gateway's `tick` events (0 until the
 * first one, so local expiry may be off by the clock skew for up to one tick interval). When the
 * activation ends the client is disconnected for good: the next activation makes a new one, and
 * the store carries drafts, queued answers and summaries across through its storage.
 */
export function createHostGatewayClient(
  host: ControlUiHost,
  options: HostGatewayClientOptions = {},
): GatewayClient {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  const url = options.url ?? globalThis.location?.origin ?? "openclaw-control-ui";
  const listeners = new Set<(event: GatewayClientEvent) => void>();
  const disposers: Array<() => void> = [];
  let started = false;
  let clockOffsetMs = 0;
  let connectionId = 0;
  let state: ConnectionState = { status: "idle" };

  const emit = (event: GatewayClientEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const setState = (next: ConnectionState) => {
    state = next;
    emit({ type: "state", state });
  };
  const follow = () => {
    if (host.signal.aborted || !started) {
      if (state.status !== "idle") setState({ status: "idle" });
      return;
    }
    const connected = host.connection.connected;
    if (connected && state.status !== "connected") {
      connectionId += 1;
      setState({ status: "connected", hello: helloOf(host), connectionId, clockOffsetMs });
    } else if (!connected && state.status === "connected") {
      setState({ status: "reconnecting", attempt: 1, retryAtMs: clock.now(), lastError: null });
    }
  };

  const stop = () => {
    started = false;
    for (const dispose of disposers.splice(0)) dispose();
    follow();
  };

  return {
    clock,
    url,
    connect: () => {
      if (started || host.signal.aborted) return;
      started = true;
      disposers.push(host.subscribe(follow));
      for (const name of FORWARDED_EVENTS) {
        disposers.push(
          host.onEvent(name, (payload) => {
            if (name === "tick") {
              const ts = (payload as { ts?: unknown } | null)?.ts;
              if (typeof ts === "number") clockOffsetMs = ts - clock.now();
              return;
            }
            emit({ type: "event", frame: { type: "event", event: name, payload }, connectionId });
          }),
        );
      }
      host.signal.addEventListener("abort", stop, { once: true });
      follow();
    },
    close: stop,
    getState: () => state,
    getConnectionId: () => connectionId,
    getClockOffsetMs: () => clockOffsetMs,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request: <T>(method: string, params?: unknown, requestOptions?: { timeoutMs?: number }) =>
      new Promise<T>((resolve, reject) => {
        if (host.signal.aborted || !started) {
          reject(new GatewayDisconnectedError(method, "the Control UI activation has ended"));
          return;
        }
        const limit = requestOptions?.timeoutMs ?? timeoutMs;
        const timer = clock.setTimeout(() => reject(new GatewayTimeoutError(method, limit)), limit);
        host
          .request<T>(method, (params ?? {}) as Record<string, unknown>)
          .then(
            (value) => resolve(value),
            (error: unknown) => reject(kitErrorOf(method, error)),
          )
          .finally(() => clock.clearTimeout(timer));
      }),
  };
}
