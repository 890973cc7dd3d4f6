import type { GatewayErrorShape } from "../protocol/types";
import { isPairingRequestId } from "./pairing-request-id";
import type { ConnectionFailure } from "./types";

/** Config key that lists browser origins the gateway accepts. */
export const ALLOWED_ORIGINS_CONFIG_KEY = "gateway.controlUi.allowedOrigins";
/** How long to wait before retrying while a pairing request awaits approval. */
export const PAIRING_RETRY_DELAY_MS = 3_000;

/** What the client does after a failed `connect`. */
export type ConnectErrorOutcome =
  | { kind: "retry"; retryAfterMs: number | null }
  | { kind: "fail"; failure: ConnectionFailure }
  | { kind: "drop-device-token"; failure: ConnectionFailure };

/** The command that allows a browser origin on the gateway. */
export function buildAllowOriginCommand(origin: string | null): string {
  const value = JSON.stringify([origin ?? "<origin>"]);
  return `openclaw config set ${ALLOWED_ORIGINS_CONFIG_KEY} '${value}' --strict-json`;
}

function readString(details: Record<string, unknown> | undefined, key: string): string | null {
  const value = details?.[key];
  return typeof value === "string" && value.length > 0 ? value : null;
}

function pairingFailure(error: GatewayErrorShape): ConnectionFailure {
  const offered = readString(error.details, "requestId");
  const requestId = offered !== null && isPairingRequestId(offered) ? offered : null;
  const waitThenRetry = readString(error.details, "recommendedNextStep") === "wait_then_retry";
  return {
    kind: "pairing-required",
    requestId,
    command: requestId ? `openclaw devices approve ${requestId}` : null,
    retryAfterMs: waitThenRetry ? (error.retryAfterMs ?? PAIRING_RETRY_DELAY_MS) : null,
  };
}

function otherFailure(error: GatewayErrorShape, reason: string | null): ConnectionFailure {
  return { kind: "other", code: error.code, reason, message: error.message };
}

/** Maps a `connect` error (by `code` and `details.code`, never the message) to what to do next. */
export function classifyConnectError(
  error: GatewayErrorShape,
  origin: string | null,
): ConnectErrorOutcome {
  const detailCode = readString(error.details, "code");
  switch (detailCode) {
    case "CONTROL_UI_ORIGIN_NOT_ALLOWED":
      return {
        kind: "fail",
        failure: {
          kind: "origin-not-allowed",
          origin,
          configKey: ALLOWED_ORIGINS_CONFIG_KEY,
          command: buildAllowOriginCommand(origin),
        },
      };
    case "CONTROL_UI_DEVICE_IDENTITY_REQUIRED":
    case "DEVICE_IDENTITY_REQUIRED":
      return { kind: "fail", failure: { kind: "device-identity-required" } };
    case "AUTH_REQUIRED":
    case "AUTH_TOKEN_MISSING":
      return { kind: "fail", failure: { kind: "token-missing" } };
    case "AUTH_TOKEN_MISMATCH":
    case "AUTH_UNAUTHORIZED":
      return { kind: "fail", failure: { kind: "token-mismatch" } };
    case "AUTH_DEVICE_TOKEN_MISMATCH":
    case "AUTH_SCOPE_MISMATCH":
      return { kind: "drop-device-token", failure: { kind: "device-token-mismatch" } };
    case "PAIRING_REQUIRED":
      return { kind: "fail", failure: pairingFailure(error) };
    case "DEVICE_AUTH_INVALID":
    case "DEVICE_AUTH_DEVICE_ID_MISMATCH":
    case "DEVICE_AUTH_SIGNATURE_INVALID":
    case "DEVICE_AUTH_PUBLIC_KEY_INVALID":
      return { kind: "fail", failure: { kind: "signature-invalid" } };
    case "DEVICE_AUTH_SIGNATURE_EXPIRED":
    case "DEVICE_AUTH_NONCE_REQUIRED":
    case "DEVICE_AUTH_NONCE_MISMATCH":
    case "AUTH_RATE_LIMITED":
      return { kind: "retry", retryAfterMs: error.retryAfterMs ?? null };
    case "PROTOCOL_MISMATCH": {
      const expected = error.details?.expectedProtocol;
      const protocol = typeof expected === "number" ? expected : null;
      return { kind: "fail", failure: { kind: "protocol-mismatch", protocol } };
    }
    default:
      break;
  }
  if (error.code === "NOT_PAIRED") return { kind: "fail", failure: pairingFailure(error) };
  if (error.code === "UNAVAILABLE" || error.retryable === true) {
    return { kind: "retry", retryAfterMs: error.retryAfterMs ?? null };
  }
  return { kind: "fail", failure: otherFailure(error, detailCode) };
}
