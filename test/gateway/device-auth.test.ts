import { describe, expect, it } from "vitest";
import { createDeviceIdentityProvider } from "../../src/gateway/device-identity";
import { fingerprintSharedToken } from "../../src/gateway/device-token-binding";
import {
  createMemoryDeviceTokenStore,
  createMemoryKeyStore,
} from "../../src/gateway/memory-stores";
import type { ConnectClient } from "../../src/protocol/types";
import { createHarness } from "./client-harness";
import { answerConnect, CHALLENGE_TS, helloPayload } from "./gateway-fixtures";
import { verifySignature } from "./verify-signature";

const URL = "ws://127.0.0.1:1234";
const BROWSER_CLIENT: ConnectClient = {
  id: "openclaw-control-ui",
  version: "1",
  platform: "web",
  mode: "webchat",
};
const DEVICE_TOKEN_MISMATCH = {
  code: "INVALID_REQUEST",
  message: "unauthorized: device token mismatch",
  details: {
    code: "AUTH_DEVICE_TOKEN_MISMATCH",
    authReason: "device_token_mismatch",
    recommendedNextStep: "update_auth_credentials",
  },
};

function createDeviceHarness(sharedToken: string | null = "shared-secret-token") {
  const device = createDeviceIdentityProvider({ keyStore: createMemoryKeyStore() });
  const deviceTokenStore = createMemoryDeviceTokenStore();
  const harness = createHarness({
    client: (identity) => ({ ...BROWSER_CLIENT, displayName: `Kit ${identity?.label ?? ""}` }),
    device,
    deviceTokenStore,
    auth: sharedToken === null ? {} : { token: sharedToken },
  });
  return { ...harness, device, deviceTokenStore };
}

type SentDevice = {
  id: string;
  publicKey: string;
  signature: string;
  signedAt: number;
  nonce: string;
};

describe("given a client with a device identity", () => {
  it("should send a device proof signed over the exact v3 string with the shared token", async () => {
    const { client, sockets, device } = createDeviceHarness();
    client.connect();
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    const identity = await device.getIdentity();
    const params = sockets.latest().lastRequest("connect").params;
    const sent = params.device as SentDevice;
    expect(Object.keys(sent).sort()).toEqual(["id", "nonce", "publicKey", "signature", "signedAt"]);
    expect(sent).toMatchObject({
      id: identity.id,
      publicKey: identity.publicKey,
      signedAt: CHALLENGE_TS,
      nonce: "nonce-1",
    });
    const text = `v3|${identity.id}|openclaw-control-ui|webchat|operator|operator.questions|${CHALLENGE_TS}|shared-secret-token|nonce-1|web|`;
    expect(verifySignature(identity.publicKey, text, sent.signature)).toBe(true);
    expect(params.client).toEqual({ ...BROWSER_CLIENT, displayName: `Kit ${identity.label}` });
    expect(params.auth).toEqual({ token: "shared-secret-token" });
  });

  it("should store the issued device token with its scopes and reuse it on reconnect", async () => {
    const { client, sockets, clock, device, deviceTokenStore } = createDeviceHarness();
    client.connect();
    await answerConnect(sockets.latest(), {
      ok: true,
      payload: helloPayload({ deviceToken: "device-token-1" }),
    });
    const identity = await device.getIdentity();
    expect(
      await deviceTokenStore.load({ gatewayUrl: URL, deviceId: identity.id, role: "operator" }),
    ).toEqual({
      token: "device-token-1",
      role: "operator",
      scopes: ["operator.questions"],
      issuedAtMs: CHALLENGE_TS,
      sharedTokenFingerprint: await fingerprintSharedToken("shared-secret-token"),
    });
    sockets.latest().serverClose(1006);
    clock.advance(1_000);
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    const params = sockets.latest().lastRequest("connect").params;
    expect(params.auth).toEqual({ deviceToken: "device-token-1" });
    const text = `v3|${identity.id}|openclaw-control-ui|webchat|operator|operator.questions|${CHALLENGE_TS}|device-token-1|nonce-1|web|`;
    expect(verifySignature(identity.publicKey, text, (params.device as SentDevice).signature)).toBe(
      true,
    );
  });

  it("should keep the issued device token out of the connection state a UI renders", async () => {
    const { client, sockets } = createDeviceHarness();
    client.connect();
    await answerConnect(sockets.latest(), {
      ok: true,
      payload: helloPayload({ deviceToken: "device-token-1" }),
    });
    const state = client.getState();
    expect(state.status).toBe("connected");
    expect(JSON.stringify(state)).not.toContain("device-token-1");
  });

  it("should drop a rejected device token and retry with the shared token", async () => {
    const { client, sockets, clock, device, deviceTokenStore } = createDeviceHarness();
    const identity = await device.getIdentity();
    const key = { gatewayUrl: URL, deviceId: identity.id, role: "operator" };
    await deviceTokenStore.save(key, {
      token: "stale",
      role: "operator",
      scopes: ["operator.questions"],
      issuedAtMs: null,
      sharedTokenFingerprint: await fingerprintSharedToken("shared-secret-token"),
    });
    client.connect();
    await answerConnect(sockets.latest(), { ok: false, error: DEVICE_TOKEN_MISMATCH });
    expect(sockets.sockets[0]?.lastRequest("connect").params.auth).toEqual({
      deviceToken: "stale",
    });
    expect(await deviceTokenStore.load(key)).toBeNull();
    expect(client.getState().status).toBe("reconnecting");
    clock.advance(1_000);
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sockets.latest().lastRequest("connect").params.auth).toEqual({
      token: "shared-secret-token",
    });
    expect(client.getState().status).toBe("connected");
  });

  it("should drop a rejected device token and ask for the shared token when it has none", async () => {
    const { client, sockets, device, deviceTokenStore } = createDeviceHarness(null);
    const identity = await device.getIdentity();
    const key = { gatewayUrl: URL, deviceId: identity.id, role: "operator" };
    await deviceTokenStore.save(key, {
      token: "stale",
      role: "operator",
      scopes: ["operator.questions"],
      issuedAtMs: null,
    });
    client.connect();
    await answerConnect(sockets.latest(), { ok: false, error: DEVICE_TOKEN_MISMATCH });
    expect(await deviceTokenStore.load(key)).toBeNull();
    expect(client.getState()).toEqual({
      status: "failed",
      failure: { kind: "device-token-mismatch" },
    });
  });

  it("should not use a stored device token that lacks a wanted scope while a shared token exists", async () => {
    const { client, sockets, device, deviceTokenStore } = createDeviceHarness();
    const identity = await device.getIdentity();
    await deviceTokenStore.save(
      { gatewayUrl: URL, deviceId: identity.id, role: "operator" },
      { token: "narrow", role: "operator", scopes: ["operator.read"], issuedAtMs: null },
    );
    client.connect();
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sockets.latest().lastRequest("connect").params.auth).toEqual({
      token: "shared-secret-token",
    });
  });
});

describe("given a shared token and a device token", () => {
  it("should keep both out of every URL and log line", async () => {
    const { client, sockets, clock, logLines } = createDeviceHarness();
    client.connect();
    await answerConnect(sockets.latest(), {
      ok: true,
      payload: helloPayload({ deviceToken: "device-token-1" }),
    });
    const listing = client.request("question.list", {}).catch(() => undefined);
    sockets.latest().serverClose(1006);
    await listing;
    clock.advance(1_000);
    await answerConnect(sockets.latest(), { ok: false, error: DEVICE_TOKEN_MISMATCH });
    clock.advance(1_000);
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(logLines.length).toBeGreaterThan(5);
    for (const line of logLines) {
      expect(line).not.toContain("shared-secret-token");
      expect(line).not.toContain("device-token-1");
    }
    for (const socket of sockets.sockets) {
      expect(socket.url).toBe(URL);
      const carriers = socket.sent.filter((frame) => JSON.stringify(frame).includes("token"));
      expect(carriers.map((frame) => frame.method)).toEqual(["connect"]);
    }
  });
});
