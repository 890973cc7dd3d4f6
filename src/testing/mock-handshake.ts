import { timingSafeEqual } from "node:crypto";
import { PROTOCOL_VERSION } from "../protocol/constants";
import type { ConnectParams, GatewayErrorShape } from "../protocol/types";
import { type PairingStore, verifyDeviceProof } from "./mock-device-auth";
import { errorShape, MOCK_ERROR_CODES } from "./mock-errors";
import { checkObject, type ObjectRule } from "./mock-schema";

/** Client ids the gateway accepts in `connect.client.id`. */
export const CLIENT_IDS = [
  "webchat-ui",
  "openclaw-control-ui",
  "openclaw-browser-copilot",
  "openclaw-tui",
  "webchat",
  "cli",
  "gateway-client",
  "openclaw-macos",
  "openclaw-linux",
  "openclaw-ios",
  "openclaw-watchos",
  "openclaw-android",
  "node-host",
  "openclaw-worker",
  "test",
  "fingerprint",
  "openclaw-probe",
] as const;
/** Client modes the gateway accepts. */
export const CLIENT_MODES = [
  "webchat",
  "cli",
  "ui",
  "backend",
  "node",
  "worker",
  "probe",
  "test",
] as const;
const CONTROL_UI_CLIENT_ID = "openclaw-control-ui";
const WEBCHAT_MODE = "webchat";

const CONNECT_RULE: ObjectRule = {
  fields: {
    minProtocol: { kind: "integer", minimum: 1 },
    maxProtocol: { kind: "integer", minimum: 1 },
    client: { kind: "any" },
    caps: { kind: "stringArray" },
    commands: { kind: "stringArray" },
    permissions: { kind: "any" },
    pathEnv: { kind: "string" },
    role: { kind: "string" },
    scopes: { kind: "stringArray" },
    device: { kind: "any" },
    auth: { kind: "any" },
    locale: { kind: "string" },
    userAgent: { kind: "string" },
  },
  required: ["minProtocol", "maxProtocol", "client"],
};
const CLIENT_RULE: ObjectRule = {
  fields: {
    id: { kind: "string", minLength: 1 },
    displayName: { kind: "string" },
    version: { kind: "string", minLength: 1 },
    platform: { kind: "string", minLength: 1 },
    deviceFamily: { kind: "string" },
    modelIdentifier: { kind: "string" },
    mode: { kind: "string", minLength: 1 },
    instanceId: { kind: "string" },
  },
  required: ["id", "version", "platform", "mode"],
};
const DEVICE_RULE: ObjectRule = {
  fields: {
    id: { kind: "string", minLength: 1 },
    publicKey: { kind: "string", minLength: 1 },
    signature: { kind: "string", minLength: 1 },
    signedAt: { kind: "integer", minimum: 0 },
    nonce: { kind: "string" },
  },
  required: ["id", "publicKey", "signature", "signedAt", "nonce"],
};
const AUTH_RULE: ObjectRule = {
  fields: {
    token: { kind: "string" },
    deviceToken: { kind: "string" },
    password: { kind: "string" },
  },
  required: [],
};

/** What the gateway knows about a connection that passed the handshake. */
export type AcceptedConnection = {
  method: "token" | "device-token";
  role: string;
  scopes: string[];
  deviceToken?: { token: string; issuedAtMs: number };
};

/** Inputs of the handshake decision. */
export type HandshakeContext = {
  token: string;
  origin: string | undefined;
  allowedOrigins: string[];
  challengeNonce: string;
  nowMs: number;
  pairings: PairingStore;
  /** The client connected from another host: a new device then waits for approval. */
  remote: boolean;
};

function invalid(message: string, details?: Record<string, unknown>): GatewayErrorShape {
  return errorShape(MOCK_ERROR_CODES.invalidRequest, message, details);
}

function schemaIssue(params: unknown): string | null {
  const root = checkObject(params, CONNECT_RULE, "");
  if (root !== null) return root;
  const record = params as Record<string, unknown>;
  const client = checkObject(record.client, CLIENT_RULE, "/client");
  if (client !== null) return client;
  const clientRecord = record.client as Record<string, string>;
  if (!(CLIENT_IDS as readonly string[]).includes(clientRecord.id ?? "")) {
    return "at /client/id: must be equal to one of the allowed values";
  }
  if (!(CLIENT_MODES as readonly string[]).includes(clientRecord.mode ?? "")) {
    return "at /client/mode: must be equal to one of the allowed values";
  }
  if (record.device !== undefined) {
    const device = checkObject(record.device, DEVICE_RULE, "/device");
    if (device !== null) return device;
  }
  if (record.auth !== undefined) return checkObject(record.auth, AUTH_RULE, "/auth");
  return null;
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
  } catch {
    return false;
  }
}

/** The Control UI, or any webchat-mode client: origin checks and browser-only hints apply. */
function isBrowserLike(params: ConnectParams): boolean {
  return params.client.id === CONTROL_UI_CLIENT_ID || params.client.mode === WEBCHAT_MODE;
}

function originFailure(params: ConnectParams, context: HandshakeContext): GatewayErrorShape | null {
  if (!isBrowserLike(params)) return null;
  const message =
    "origin not allowed (open the Control UI from the gateway host or allow it in gateway.controlUi.allowedOrigins)";
  if (context.origin === undefined) {
    return invalid(message, {
      code: "CONTROL_UI_ORIGIN_NOT_ALLOWED",
      reason: "origin missing or invalid",
    });
  }
  if (isLoopbackOrigin(context.origin) || context.allowedOrigins.includes(context.origin))
    return null;
  return invalid(message, { code: "CONTROL_UI_ORIGIN_NOT_ALLOWED", reason: "origin not allowed" });
}

function sameSecret(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

function authFailure(kind: "token" | "device-token"): GatewayErrorShape {
  return kind === "token"
    ? invalid("unauthorized: gateway token mismatch (provide gateway auth token)", {
        code: "AUTH_TOKEN_MISMATCH",
        authReason: "token_mismatch",
        canRetryWithDeviceToken: false,
        recommendedNextStep: "update_auth_credentials",
      })
    : invalid("unauthorized: device token mismatch (rotate/reissue device token)", {
        code: "AUTH_DEVICE_TOKEN_MISMATCH",
        authReason: "device_token_mismatch",
        canRetryWithDeviceToken: false,
        recommendedNextStep: "update_auth_credentials",
      });
}

/** The gateway's message for a device that waits for approval. */
export const PAIRING_REQUIRED_MESSAGE = "pairing required: device is not approved yet";

function pairingRequired(
  params: ConnectParams,
  scopes: string[],
  context: HandshakeContext,
): GatewayErrorShape {
  const device = params.device;
  const request = context.pairings.request(device?.id ?? "", scopes);
  return errorShape(MOCK_ERROR_CODES.notPaired, PAIRING_REQUIRED_MESSAGE, {
    code: "PAIRING_REQUIRED",
    reason: "not-paired",
    requestId: request.requestId,
    remediationHint: "Approve this device from the pending pairing requests.",
    // Only a browser is told to wait and retry; a back-end client stops.
    ...(isBrowserLike(params)
      ? { recommendedNextStep: "wait_then_retry", retryable: true, pauseReconnect: false }
      : {}),
    deviceId: request.deviceId,
    requestedRole: params.role ?? "operator",
    requestedScopes: scopes,
  });
}

/** Decides a `connect` request: the accepted connection or the error frame to send. */
export function decideHandshake(
  rawParams: unknown,
  context: HandshakeContext,
): { ok: true; value: AcceptedConnection } | { ok: false; error: GatewayErrorShape } {
  const issue = schemaIssue(rawParams);
  if (issue !== null) return { ok: false, error: invalid(`invalid connect params: ${issue}`) };
  const params = rawParams as ConnectParams;
  if (params.maxProtocol < PROTOCOL_VERSION || params.minProtocol > PROTOCOL_VERSION) {
    const details = {
      code: "PROTOCOL_MISMATCH",
      clientMinProtocol: params.minProtocol,
      clientMaxProtocol: params.maxProtocol,
      expectedProtocol: PROTOCOL_VERSION,
    };
    return { ok: false, error: invalid("protocol mismatch", details) };
  }
  const origin = originFailure(params, context);
  if (origin !== null) return { ok: false, error: origin };
  if (params.client.id === CONTROL_UI_CLIENT_ID && params.device === undefined) {
    const message = "control ui requires device identity (use HTTPS or localhost secure context)";
    return { ok: false, error: invalid(message, { code: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED" }) };
  }
  const auth = params.auth ?? {};
  const token = "token" in auth && typeof auth.token === "string" ? auth.token : undefined;
  const deviceToken =
    "deviceToken" in auth && typeof auth.deviceToken === "string" ? auth.deviceToken : undefined;
  if (token === undefined && deviceToken === undefined && params.device === undefined) {
    const error = errorShape(MOCK_ERROR_CODES.notPaired, "device identity required", {
      code: "DEVICE_IDENTITY_REQUIRED",
    });
    return { ok: false, error };
  }
  if (token !== undefined && !sameSecret(token, context.token))
    return { ok: false, error: authFailure("token") };
  const deviceIssue = verifyDeviceProof(params, context.challengeNonce, context.nowMs);
  if (deviceIssue !== null) return { ok: false, error: deviceIssue };
  const requested = params.scopes ?? [];
  const role = params.role ?? "operator";
  if (params.device === undefined) {
    if (token === undefined) return { ok: false, error: authFailure("token") };
    // A browser without a device identity is let in but granted nothing.
    return {
      ok: true,
      value: { method: "token", role, scopes: context.origin === undefined ? requested : [] },
    };
  }
  if (token === undefined) {
    const paired = context.pairings.find(params.device.id);
    if (paired === null || deviceToken === undefined || !sameSecret(deviceToken, paired.token)) {
      if (deviceToken === undefined) {
        const error = invalid("unauthorized: gateway token missing (provide gateway auth token)", {
          code: "AUTH_TOKEN_MISSING",
          authReason: "token_missing",
          canRetryWithDeviceToken: false,
          recommendedNextStep: "update_auth_credentials",
        });
        return { ok: false, error };
      }
      return { ok: false, error: authFailure("device-token") };
    }
    return {
      ok: true,
      value: {
        method: "device-token",
        role,
        scopes: requested,
        deviceToken: { token: paired.token, issuedAtMs: paired.issuedAtMs },
      },
    };
  }
  if (context.remote && context.pairings.find(params.device.id) === null) {
    return { ok: false, error: pairingRequired(params, requested, context) };
  }
  const paired = context.pairings.pair(params.device.id, requested, context.nowMs);
  return {
    ok: true,
    value: {
      method: "token",
      role,
      scopes: requested,
      deviceToken: { token: paired.token, issuedAtMs: paired.issuedAtMs },
    },
  };
}
