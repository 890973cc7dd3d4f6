import type { ConnectChallenge, ConnectClient, ConnectParams } from "../protocol/types";
import { buildDeviceAuthPayload } from "./device-auth-payload";
import { deviceTokenKeyOf, fingerprintSharedToken } from "./device-token-binding";
import type {
  DeviceIdentity,
  DeviceTokenKey,
  DeviceTokenStore,
  StoredDeviceToken,
} from "./device-types";
import { parseStoredDeviceToken } from "./stored-device-values";

/** Which credential a connect attempt sends; a device token carries the fingerprint it was bound to. */
export type ConnectAuth =
  | { kind: "shared-token"; token: string }
  | { kind: "device-token"; token: string; sharedTokenFingerprint?: string | null }
  | { kind: "none" };

const NONE: ConnectAuth = { kind: "none" };

/** Removes a stored device token; a failing store only costs the cleanup. */
export async function removeDeviceTokenQuietly(
  store: DeviceTokenStore,
  key: DeviceTokenKey,
): Promise<void> {
  try {
    await store.remove(key);
  } catch {
    // The token is ignored from now on anyway; a later successful save replaces it.
  }
}

/** The stored device token, or null when it is absent, damaged (then removed) or unreadable. */
async function loadDeviceToken(
  store: DeviceTokenStore,
  key: DeviceTokenKey,
): Promise<StoredDeviceToken | null> {
  let value: unknown;
  try {
    value = await store.load(key);
  } catch {
    // An unreadable token store must not block connecting: the shared token still works.
    return null;
  }
  const token = parseStoredDeviceToken(value);
  if (token === null && value !== null && value !== undefined)
    await removeDeviceTokenQuietly(store, key);
  return token;
}

/**
 * Prefers a stored device token that covers the wanted scopes, then the shared token. A supplied
 * shared token other than the one the device token was obtained with wins: the device token is
 * dropped, since the user typed the new token on purpose.
 */
export async function chooseConnectAuth(input: {
  gatewayUrl: string;
  role: string;
  scopes: readonly string[];
  identity: DeviceIdentity | null;
  deviceTokenStore: DeviceTokenStore | null;
  sharedToken: string | null;
}): Promise<ConnectAuth> {
  const { identity, deviceTokenStore, sharedToken } = input;
  const key = identity ? deviceTokenKeyOf(input.gatewayUrl, identity.id, input.role) : null;
  let stored = key && deviceTokenStore ? await loadDeviceToken(deviceTokenStore, key) : null;
  if (
    stored !== null &&
    key !== null &&
    deviceTokenStore &&
    sharedToken &&
    stored.sharedTokenFingerprint !== (await fingerprintSharedToken(sharedToken))
  ) {
    await removeDeviceTokenQuietly(deviceTokenStore, key);
    stored = null;
  }
  if (stored === null) return sharedToken ? { kind: "shared-token", token: sharedToken } : NONE;
  const deviceAuth: ConnectAuth = {
    kind: "device-token",
    token: stored.token,
    sharedTokenFingerprint: stored.sharedTokenFingerprint ?? null,
  };
  const coversScopes = input.scopes.every((scope) => stored.scopes.includes(scope));
  if (coversScopes) return deviceAuth;
  return sharedToken ? { kind: "shared-token", token: sharedToken } : deviceAuth;
}

/** Builds `connect` params (closed objects: only known fields), signing the device proof when present. */
export async function buildConnectParams(input: {
  client: ConnectClient;
  role: "operator";
  scopes: string[];
  auth: ConnectAuth;
  identity: DeviceIdentity | null;
  challenge: ConnectChallenge;
  locale?: string | undefined;
  userAgent?: string | undefined;
}): Promise<ConnectParams> {
  const { client, auth, identity, challenge } = input;
  const token = auth.kind === "none" ? null : auth.token;
  const params: ConnectParams = {
    minProtocol: 4,
    maxProtocol: 4,
    client,
    role: input.role,
    scopes: [...input.scopes],
  };
  if (auth.kind === "shared-token") params.auth = { token: auth.token };
  if (auth.kind === "device-token") params.auth = { deviceToken: auth.token };
  if (identity) {
    // signedAt is the challenge ts: it is in the gateway's clock, so local clock skew cannot expire it.
    const payload = buildDeviceAuthPayload({
      deviceId: identity.id,
      clientId: client.id,
      clientMode: client.mode,
      role: input.role,
      scopes: params.scopes,
      signedAtMs: challenge.ts,
      token,
      nonce: challenge.nonce,
      platform: client.platform,
      deviceFamily: client.deviceFamily,
    });
    params.device = {
      id: identity.id,
      publicKey: identity.publicKey,
      signature: await identity.sign(payload),
      signedAt: challenge.ts,
      nonce: challenge.nonce,
    };
  }
  if (input.locale !== undefined) params.locale = input.locale;
  if (input.userAgent !== undefined) params.userAgent = input.userAgent;
  return params;
}
