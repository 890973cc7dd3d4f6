import { randomUUID } from "node:crypto";
import { PROTOCOL_VERSION, QUESTION_EVENTS, QUESTION_METHODS } from "../protocol/constants";
import type { HelloOk } from "../protocol/types";
import type { AcceptedConnection } from "./mock-handshake";

/** Frame size limit after the handshake (the real gateway's default). */
export const MOCK_MAX_PAYLOAD = 25 * 1024 * 1024;
const MOCK_MAX_BUFFERED_BYTES = 50 * 1024 * 1024;
/** Version string the mock reports in `hello-ok.server.version`. */
export const MOCK_SERVER_VERSION = "ask-user-kit-mock";

/** Builds the `hello-ok` payload for an accepted connection. */
export function buildHelloOk(
  accepted: AcceptedConnection,
  tickIntervalMs: number,
  nowMs: number,
): HelloOk {
  return {
    type: "hello-ok",
    protocol: PROTOCOL_VERSION,
    server: { version: MOCK_SERVER_VERSION, connId: randomUUID() },
    features: {
      methods: ["health", "chat.send", ...QUESTION_METHODS],
      events: ["connect.challenge", "tick", "shutdown", "chat", ...QUESTION_EVENTS],
      capabilities: [],
    },
    snapshot: { uptimeMs: 0, stateVersion: 0, timestampMs: nowMs },
    auth: {
      method: accepted.method,
      role: accepted.role,
      scopes: accepted.scopes,
      ...(accepted.deviceToken === undefined
        ? {}
        : { deviceToken: accepted.deviceToken.token, issuedAtMs: accepted.deviceToken.issuedAtMs }),
    },
    policy: {
      maxPayload: MOCK_MAX_PAYLOAD,
      maxBufferedBytes: MOCK_MAX_BUFFERED_BYTES,
      tickIntervalMs,
    },
  };
}
