import { parseHelloOk } from "../protocol/parse-hello-ok";
import type { ConnectChallenge, ConnectParams, HelloOk } from "../protocol/types";
import type { GatewayClientOptions } from "./client-options";
import { classifyConnectError } from "./connect-failure";
import {
  buildConnectParams,
  type ConnectAuth,
  chooseConnectAuth,
  removeDeviceTokenQuietly,
} from "./connect-request";
import { fingerprintSharedToken } from "./device-token-binding";
import type { DeviceIdentity, DeviceTokenStore, StoredDeviceToken } from "./device-types";
import { DeviceStorageError, GatewayRequestError } from "./errors";
import { checkHello, type HelloRequirements } from "./hello-check";
import type { ConnectionFailure } from "./types";

/** How one handshake ended. */
export type HandshakeResult =
  | { kind: "connected"; hello: HelloOk }
  | { kind: "failed"; failure: ConnectionFailure }
  | { kind: "retry"; reason: string; retryAfterMs: number | null };

/** What a handshake needs from the client that runs it. */
export type HandshakeContext = {
  options: GatewayClientOptions;
  role: "operator";
  origin: string | null;
  sharedToken: string | null;
  requirements: HelloRequirements;
  sendConnect(params: ConnectParams): Promise<unknown>;
  log(line: string): void;
};

function tokenKey(context: HandshakeContext, identity: DeviceIdentity) {
  return { gatewayUrl: context.options.url, deviceId: identity.id, role: context.role };
}

// A rotated device token stays bound to the shared token its predecessor was obtained with.
async function boundFingerprint(auth: ConnectAuth): Promise<string | null> {
  switch (auth.kind) {
    case "shared-token":
      return fingerprintSharedToken(auth.token);
    case "device-token":
      return auth.sharedTokenFingerprint ?? null;
    case "none":
      return null;
    default:
      return auth satisfies never;
  }
}

type IdentityResult = { identity: DeviceIdentity | null } | { failure: ConnectionFailure };

// Without storage the identity (and its pairing) would change on every page: fail with a reason, not a loop.
async function loadIdentity(context: HandshakeContext): Promise<IdentityResult> {
  const device = context.options.device;
  if (!device) return { identity: null };
  try {
    return { identity: await device.getIdentity() };
  } catch (error) {
    if (!(error instanceof DeviceStorageError)) throw error;
    context.log(`gateway: device identity unavailable: ${error.message}`);
    return { failure: { kind: "device-storage-unavailable", message: error.message } };
  }
}

async function saveDeviceToken(
  context: HandshakeContext,
  store: DeviceTokenStore,
  identity: DeviceIdentity,
  token: StoredDeviceToken,
): Promise<void> {
  try {
    await store.save(tokenKey(context, identity), token);
  } catch (error) {
    // The connection works without it; the next connect uses the shared token again.
    const message = error instanceof Error ? error.message : String(error);
    context.log(`gateway: could not store the device token: ${message}`);
  }
}

/** Answers a challenge with `connect`, checks `hello-ok` and keeps the device token store in step. */
export async function performHandshake(
  context: HandshakeContext,
  challenge: ConnectChallenge,
): Promise<HandshakeResult> {
  const { options, role } = context;
  const loaded = await loadIdentity(context);
  if ("failure" in loaded) return { kind: "failed", failure: loaded.failure };
  const { identity } = loaded;
  const store = options.deviceTokenStore ?? null;
  const auth = await chooseConnectAuth({
    gatewayUrl: options.url,
    role,
    scopes: options.scopes,
    identity,
    deviceTokenStore: store,
    sharedToken: context.sharedToken,
  });
  // Before the connect is sent: a hash that fails (the pure-JS chunk not loading) must not lose a
  // device token the gateway has already issued.
  const fingerprint = await boundFingerprint(auth);
  const client = typeof options.client === "function" ? options.client(identity) : options.client;
  const params = await buildConnectParams({
    client,
    role,
    scopes: options.scopes,
    auth,
    identity,
    challenge,
    locale: options.locale,
    userAgent: options.userAgent,
  });
  context.log(`gateway: sending connect (auth ${auth.kind}, device ${identity ? "yes" : "no"})`);
  let payload: unknown;
  try {
    payload = await context.sendConnect(params);
  } catch (error) {
    if (!(error instanceof GatewayRequestError)) {
      return {
        kind: "retry",
        reason: error instanceof Error ? error.message : "connect failed",
        retryAfterMs: null,
      };
    }
    context.log(`gateway: connect refused: ${error.code}${error.reason ? ` ${error.reason}` : ""}`);
    const outcome = classifyConnectError(
      {
        code: error.code,
        message: error.message,
        details: error.details,
        retryable: error.retryable,
      },
      context.origin,
    );
    switch (outcome.kind) {
      case "retry":
        return {
          kind: "retry",
          reason: `connect refused: ${error.code}`,
          retryAfterMs: outcome.retryAfterMs ?? error.retryAfterMs,
        };
      case "drop-device-token":
        if (identity && store) await removeDeviceTokenQuietly(store, tokenKey(context, identity));
        if (auth.kind === "device-token" && context.sharedToken) {
          return {
            kind: "retry",
            reason: "device token rejected, retrying with the shared token",
            retryAfterMs: null,
          };
        }
        return { kind: "failed", failure: outcome.failure };
      case "fail":
        return { kind: "failed", failure: outcome.failure };
      default:
        return outcome satisfies never;
    }
  }
  const hello = parseHelloOk(payload);
  if (!hello.ok) {
    const message = `invalid hello-ok: ${hello.issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}`;
    return {
      kind: "failed",
      failure: { kind: "other", code: "INVALID_HELLO", reason: null, message },
    };
  }
  const failure = checkHello(hello.value, context.requirements);
  if (failure) return { kind: "failed", failure };
  const { deviceToken } = hello.value.auth;
  if (identity && store && deviceToken) {
    await saveDeviceToken(context, store, identity, {
      token: deviceToken,
      role: hello.value.auth.role,
      scopes: [...hello.value.auth.scopes],
      issuedAtMs: hello.value.auth.issuedAtMs ?? null,
      sharedTokenFingerprint: fingerprint,
    });
  }
  return { kind: "connected", hello: hello.value };
}
