import { createHash, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import type { ConnectParams, GatewayErrorShape } from "../protocol/types";
import { errorShape, MOCK_ERROR_CODES } from "./mock-errors";

/** How far `signedAt` may be from the gateway clock. */
export const DEVICE_SIGNATURE_SKEW_MS = 120_000;
const ED25519_RAW_KEY_BYTES = 32;
const DEVICE_TOKEN_BYTES = 32;
/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

type DeviceFailureReason =
  | "device-id-mismatch"
  | "device-signature-stale"
  | "device-nonce-missing"
  | "device-nonce-mismatch"
  | "device-signature"
  | "device-public-key";

const FAILURES: Record<DeviceFailureReason, { code: string; message: string }> = {
  "device-id-mismatch": {
    code: "DEVICE_AUTH_DEVICE_ID_MISMATCH",
    message: "device identity mismatch",
  },
  "device-signature-stale": {
    code: "DEVICE_AUTH_SIGNATURE_EXPIRED",
    message: "device signature expired",
  },
  "device-nonce-missing": { code: "DEVICE_AUTH_NONCE_REQUIRED", message: "device nonce required" },
  "device-nonce-mismatch": { code: "DEVICE_AUTH_NONCE_MISMATCH", message: "device nonce mismatch" },
  "device-signature": {
    code: "DEVICE_AUTH_SIGNATURE_INVALID",
    message: "device signature invalid",
  },
  "device-public-key": {
    code: "DEVICE_AUTH_PUBLIC_KEY_INVALID",
    message: "device public key invalid",
  },
};

function deviceFailure(reason: DeviceFailureReason): GatewayErrorShape {
  const failure = FAILURES[reason];
  return errorShape(MOCK_ERROR_CODES.invalidRequest, failure.message, {
    code: failure.code,
    reason,
  });
}

function decodeRawKey(publicKey: string): Buffer | null {
  const bytes = Buffer.from(publicKey, "base64url");
  return bytes.length === ED25519_RAW_KEY_BYTES ? bytes : null;
}

function normalizeMetadata(value: string | undefined): string {
  return (value ?? "").trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The v3 string a device signs for a connect request. */
export function deviceSignaturePayload(
  params: ConnectParams,
  signedToken: string,
  nonce: string,
): string {
  const device = params.device;
  return [
    "v3",
    device?.id ?? "",
    params.client.id,
    params.client.mode,
    params.role,
    params.scopes.join(","),
    String(device?.signedAt ?? ""),
    signedToken,
    nonce,
    normalizeMetadata(params.client.platform),
    normalizeMetadata(params.client.deviceFamily),
  ].join("|");
}

/** Verifies the device proof of a connect request; returns the failure or null. */
export function verifyDeviceProof(
  params: ConnectParams,
  challengeNonce: string,
  nowMs: number,
): GatewayErrorShape | null {
  const device = params.device;
  if (device === undefined) return null;
  const raw = decodeRawKey(device.publicKey);
  const derivedId = raw === null ? null : createHash("sha256").update(raw).digest("hex");
  if (derivedId === null || derivedId !== device.id) return deviceFailure("device-id-mismatch");
  if (Math.abs(nowMs - device.signedAt) > DEVICE_SIGNATURE_SKEW_MS)
    return deviceFailure("device-signature-stale");
  const nonce = device.nonce.trim();
  if (nonce === "") return deviceFailure("device-nonce-missing");
  if (nonce !== challengeNonce) return deviceFailure("device-nonce-mismatch");
  const auth = params.auth;
  const signedToken = auth === undefined ? "" : "token" in auth ? auth.token : auth.deviceToken;
  const payload = Buffer.from(deviceSignaturePayload(params, signedToken, nonce), "utf8");
  let valid = false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, raw ?? Buffer.alloc(0)]),
      format: "der",
      type: "spki",
    });
    valid = verify(null, payload, key, Buffer.from(device.signature, "base64url"));
  } catch {
    return deviceFailure("device-public-key");
  }
  return valid ? null : deviceFailure("device-signature");
}

/** A paired device with its issued token. */
export type PairedDevice = {
  deviceId: string;
  token: string;
  scopes: string[];
  issuedAtMs: number;
};

/** A device waiting for approval (what `openclaw devices list` shows as pending). */
export type PairingRequest = { requestId: string; deviceId: string; scopes: string[] };

/** Device pairings; they survive a mock restart like the real gateway's state dir. */
export type PairingStore = {
  pair(deviceId: string, scopes: string[], nowMs: number): PairedDevice;
  find(deviceId: string): PairedDevice | null;
  /** The device's pending request, made on its first attempt and reused on every retry. */
  request(deviceId: string, scopes: string[]): PairingRequest;
  /** Approves a pending request (`openclaw devices approve <requestId>`); null when unknown. */
  approve(requestId: string, nowMs: number): PairedDevice | null;
  pending(): PairingRequest[];
};

/** Creates an in-memory pairing store. */
export function createPairingStore(): PairingStore {
  const devices = new Map<string, PairedDevice>();
  const requests = new Map<string, PairingRequest>();
  const pair = (deviceId: string, scopes: string[], nowMs: number): PairedDevice => {
    const existing = devices.get(deviceId);
    if (existing !== undefined) return existing;
    const paired: PairedDevice = {
      deviceId,
      token: randomBytes(DEVICE_TOKEN_BYTES).toString("base64url"),
      scopes,
      issuedAtMs: nowMs,
    };
    devices.set(deviceId, paired);
    return paired;
  };
  return {
    pair,
    find: (deviceId) => devices.get(deviceId) ?? null,
    request(deviceId, scopes) {
      const existing = [...requests.values()].find((request) => request.deviceId === deviceId);
      if (existing !== undefined) return existing;
      const request = { requestId: randomUUID(), deviceId, scopes };
      requests.set(request.requestId, request);
      return request;
    },
    approve(requestId, nowMs) {
      const request = requests.get(requestId);
      if (request === undefined) return null;
      requests.delete(requestId);
      return pair(request.deviceId, request.scopes, nowMs);
    },
    pending: () => [...requests.values()],
  };
}
