import { describe, expect, it } from "vitest";
import { createBrowserGatewayClient } from "../../src/gateway/browser-client";
import { createDeviceIdentityProvider } from "../../src/gateway/device-identity";
import { fingerprintSharedToken } from "../../src/gateway/device-token-binding";
import type { DeviceTokenKey } from "../../src/gateway/device-types";
import {
  createMemoryDeviceTokenStore,
  createMemoryKeyStore,
} from "../../src/gateway/memory-stores";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeSocketFactory } from "./fake-socket";
import { answerConnect, helloPayload } from "./gateway-fixtures";

/** The scopes the browser client asks for by default. */
const BROWSER_SCOPES = ["operator.questions", "operator.read", "operator.write"];

const URL = "ws://127.0.0.1:1234";
const OLD_TOKEN = "old-shared-token";
const NEW_TOKEN = "new-shared-token";
const TOKEN_MISMATCH = {
  code: "INVALID_REQUEST",
  message: "unauthorized: gateway token mismatch",
  details: { code: "AUTH_TOKEN_MISMATCH", authReason: "token_mismatch" },
};

/** One browser profile: the device key and device tokens outlive each client (page load). */
function createProfile() {
  const device = createDeviceIdentityProvider({ keyStore: createMemoryKeyStore() });
  const deviceTokenStore = createMemoryDeviceTokenStore();
  const sockets = createFakeSocketFactory();
  const clock = createManualClock();
  const openPage = (token?: string) =>
    createBrowserGatewayClient({
      url: URL,
      ...(token === undefined ? {} : { token }),
      device,
      deviceTokenStore,
      socketFactory: sockets.factory,
      clock,
      random: () => 0,
      origin: "http://127.0.0.1:5173",
    });
  const tokenKey = async (): Promise<DeviceTokenKey> => ({
    gatewayUrl: URL,
    deviceId: (await device.getIdentity()).id,
    role: "operator",
  });
  return { deviceTokenStore, sockets, clock, openPage, tokenKey };
}

/** A profile whose device token was obtained with `OLD_TOKEN`. */
async function pairedProfile() {
  const profile = createProfile();
  const first = profile.openPage(OLD_TOKEN);
  first.connect();
  await answerConnect(profile.sockets.latest(), {
    ok: true,
    // The gateway grants what the browser client asks for.
    payload: helloPayload({ deviceToken: "device-token-1", scopes: BROWSER_SCOPES }),
  });
  first.close();
  return profile;
}

function sentAuth(profile: ReturnType<typeof createProfile>) {
  return profile.sockets.latest().lastRequest("connect").params.auth;
}

describe("given a device token obtained with a shared token", () => {
  it("should store a fingerprint of the shared token next to it, never the token itself", async () => {
    const profile = await pairedProfile();
    const stored = await profile.deviceTokenStore.load(await profile.tokenKey());
    expect(stored?.sharedTokenFingerprint).toBe(await fingerprintSharedToken(OLD_TOKEN));
    expect(stored?.sharedTokenFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(OLD_TOKEN);
  });

  it("should keep signing in with the device token when the same shared token is supplied", async () => {
    const profile = await pairedProfile();
    profile.openPage(OLD_TOKEN).connect();
    await answerConnect(profile.sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sentAuth(profile)).toEqual({ deviceToken: "device-token-1" });
  });

  it("should keep a device token stored by an earlier version when its shared token is supplied", async () => {
    const profile = createProfile();
    await profile.deviceTokenStore.save(await profile.tokenKey(), {
      token: "device-token-0",
      role: "operator",
      scopes: BROWSER_SCOPES,
      issuedAtMs: null,
      // The fingerprint of OLD_TOKEN as earlier versions computed and stored it.
      sharedTokenFingerprint: "6b82d8607052792d29a477c2d9bcba7739fcd0f05c5013088331673fbbce0aff",
    });
    profile.openPage(OLD_TOKEN).connect();
    await answerConnect(profile.sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sentAuth(profile)).toEqual({ deviceToken: "device-token-0" });
  });

  it("should keep signing in with the device token when no shared token is supplied", async () => {
    const profile = await pairedProfile();
    profile.openPage().connect();
    await answerConnect(profile.sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sentAuth(profile)).toEqual({ deviceToken: "device-token-1" });
  });

  it("should drop the device token and sign in with a different shared token the page was created with", async () => {
    const profile = await pairedProfile();
    const page = profile.openPage(NEW_TOKEN);
    page.connect();
    await answerConnect(profile.sockets.latest(), {
      ok: true,
      payload: helloPayload({ deviceToken: "device-token-2" }),
    });
    expect(sentAuth(profile)).toEqual({ token: NEW_TOKEN });
    expect(page.getState().status).toBe("connected");
    const stored = await profile.deviceTokenStore.load(await profile.tokenKey());
    expect(stored).toMatchObject({
      token: "device-token-2",
      sharedTokenFingerprint: await fingerprintSharedToken(NEW_TOKEN),
    });
  });

  it("should sign in with a new shared token typed into the settings after a failure", async () => {
    const profile = await pairedProfile();
    const page = profile.openPage(OLD_TOKEN);
    page.connect();
    await answerConnect(profile.sockets.latest(), { ok: false, error: TOKEN_MISMATCH });
    expect(page.getState().status).toBe("failed");
    page.setToken(NEW_TOKEN);
    await answerConnect(profile.sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sentAuth(profile)).toEqual({ token: NEW_TOKEN });
    expect(page.getState().status).toBe("connected");
    expect(await profile.deviceTokenStore.load(await profile.tokenKey())).toBeNull();
  });
});

describe("given a browser client asked to forget its device token", () => {
  it("should remove it, so the next sign-in uses the shared token", async () => {
    const profile = await pairedProfile();
    const page = profile.openPage(OLD_TOKEN);
    await page.forgetDeviceToken();
    expect(await profile.deviceTokenStore.load(await profile.tokenKey())).toBeNull();
    page.connect();
    await answerConnect(profile.sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sentAuth(profile)).toEqual({ token: OLD_TOKEN });
  });

  it("should do nothing harmful when no device token is stored", async () => {
    const profile = createProfile();
    await expect(profile.openPage().forgetDeviceToken()).resolves.toBeUndefined();
  });
});

describe("given a device token that lacks a scope the page now asks for", () => {
  it("should sign in with the supplied shared token, so the gateway can grant the wider scopes", async () => {
    const profile = createProfile();
    await profile.deviceTokenStore.save(await profile.tokenKey(), {
      token: "device-token-0",
      role: "operator",
      scopes: ["operator.questions"],
      issuedAtMs: null,
      sharedTokenFingerprint: await fingerprintSharedToken(OLD_TOKEN),
    });
    profile.openPage(OLD_TOKEN).connect();
    await answerConnect(profile.sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sentAuth(profile)).toEqual({ token: OLD_TOKEN });
  });
});
