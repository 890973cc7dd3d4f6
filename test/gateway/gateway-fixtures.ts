import { vi } from "vitest";
import { QUESTION_EVENTS, QUESTION_METHODS } from "../../src/protocol/constants";
import type { FakeSocket } from "./fake-socket";

export const CHALLENGE_TS = 1_700_000_000_500;
export const TICK_INTERVAL_MS = 30_000;

/** Lets pending promise chains (identity, signing, stores) run. */
export async function flush(): Promise<void> {
  for (let round = 0; round < 10; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

export function helloPayload(
  overrides: {
    scopes?: string[];
    methods?: string[];
    protocol?: number;
    deviceToken?: string;
  } = {},
) {
  return {
    type: "hello-ok",
    protocol: overrides.protocol ?? 4,
    server: { version: "2026.9.6", connId: "conn-1" },
    features: { methods: overrides.methods ?? [...QUESTION_METHODS], events: [...QUESTION_EVENTS] },
    snapshot: {},
    auth: {
      method: "token",
      role: "operator",
      scopes: overrides.scopes ?? ["operator.questions"],
      ...(overrides.deviceToken
        ? { deviceToken: overrides.deviceToken, issuedAtMs: CHALLENGE_TS }
        : {}),
    },
    policy: {
      maxPayload: 26_214_400,
      maxBufferedBytes: 52_428_800,
      tickIntervalMs: TICK_INTERVAL_MS,
    },
  };
}

export function sendChallenge(socket: FakeSocket, nonce = "nonce-1"): void {
  socket.receive({
    type: "event",
    event: "connect.challenge",
    payload: { nonce, ts: CHALLENGE_TS },
  });
}

/** Runs the handshake to the point where `connect` was sent and answers it. */
export async function answerConnect(
  socket: FakeSocket,
  response: { ok: true; payload: unknown } | { ok: false; error: unknown },
): Promise<void> {
  sendChallenge(socket);
  // Key generation and signing run off the microtask queue, so poll for the connect request.
  const connect = await vi.waitFor(() => socket.lastRequest("connect"), { interval: 1 });
  socket.receive({ type: "res", id: connect.id, ...response });
  await flush();
}

export async function completeHandshake(socket: FakeSocket, hello = helloPayload()): Promise<void> {
  await answerConnect(socket, { ok: true, payload: hello });
}
