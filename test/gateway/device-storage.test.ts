import { describe, expect, it, vi } from "vitest";
import { describeConnectionFailure } from "../../src/gateway/describe-failure";
import { createDeviceIdentityProvider } from "../../src/gateway/device-identity";
import { fingerprintSharedToken } from "../../src/gateway/device-token-binding";
import type { DeviceTokenStore, KeyStore, StoredDeviceKey } from "../../src/gateway/device-types";
import {
  createIndexedDbDeviceTokenStore,
  createIndexedDbKeyStore,
} from "../../src/gateway/indexed-db-stores";
import {
  createMemoryDeviceTokenStore,
  createMemoryKeyStore,
} from "../../src/gateway/memory-stores";
import type { ConnectionState } from "../../src/gateway/types";
import { createHarness } from "./client-harness";
import { createFakeIndexedDb } from "./fake-indexed-db";
import { answerConnect, flush, helloPayload, sendChallenge } from "./gateway-fixtures";

const URL = "ws://127.0.0.1:1234";
const BLOCKED = new Error("IndexedDB is blocked in private browsing");

function failingKeyStore(part: "load" | "save"): KeyStore {
  const memory = createMemoryKeyStore();
  return {
    load: () => (part === "load" ? Promise.reject(BLOCKED) : memory.load()),
    save: (key) => (part === "save" ? Promise.reject(BLOCKED) : memory.save(key)),
  };
}

function keyStoreReturning(value: unknown): KeyStore & { saved: StoredDeviceKey[] } {
  const saved: StoredDeviceKey[] = [];
  return {
    saved,
    load: async () => (saved.at(-1) ?? value) as StoredDeviceKey | null,
    save: async (key) => {
      saved.push(key);
    },
  };
}

function harnessWith(keyStore: KeyStore, deviceTokenStore: DeviceTokenStore | null = null) {
  const device = createDeviceIdentityProvider({ keyStore, implementation: "noble", subtle: null });
  return { ...createHarness({ device, deviceTokenStore }), device };
}

describe.each(["load", "save"] as const)("given a key store whose %s fails", (part) => {
  it("should fail with an actionable device-storage failure instead of reconnecting forever", async () => {
    const { client, sockets, clock } = harnessWith(failingKeyStore(part));
    client.connect();
    sendChallenge(sockets.latest());
    await vi.waitFor(() => expect(client.getState().status).toBe("failed"), { interval: 1 });
    const state = client.getState() as Extract<ConnectionState, { status: "failed" }>;
    expect(state.failure.kind).toBe("device-storage-unavailable");
    expect(describeConnectionFailure(state.failure).action).toMatch(/private browsing/);
    clock.advance(60_000);
    await flush();
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe("given a damaged stored device key", () => {
  it("should treat it as absent, create a new key and connect", async () => {
    const keyStore = keyStoreReturning({ kind: "noble", publicKey: "not bytes" });
    const { client, sockets, device } = harnessWith(keyStore);
    client.connect();
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(client.getState().status).toBe("connected");
    expect(keyStore.saved).toHaveLength(1);
    expect((await device.getIdentity()).publicKey).toHaveLength(43);
  });
});

describe("given a damaged stored device token", () => {
  it("should remove it and connect with the shared token", async () => {
    const keyStore = createMemoryKeyStore();
    const tokens = createMemoryDeviceTokenStore();
    const { client, sockets, device } = harnessWith(keyStore, tokens);
    const identity = await device.getIdentity();
    const key = { gatewayUrl: URL, deviceId: identity.id, role: "operator" };
    const damaged = {
      token: "t",
      role: "operator",
      scopes: 5,
      sharedTokenFingerprint: await fingerprintSharedToken("shared-secret-token"),
    };
    await tokens.save(key, damaged as never);
    client.connect();
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sockets.latest().lastRequest("connect").params.auth).toEqual({
      token: "shared-secret-token",
    });
    expect(client.getState().status).toBe("connected");
    expect(await tokens.load(key)).toBeNull();
  });
});

describe("given a device token store that throws on every call", () => {
  it("should connect with the shared token anyway", async () => {
    const broken: DeviceTokenStore = {
      load: () => Promise.reject(BLOCKED),
      save: () => Promise.reject(BLOCKED),
      remove: () => Promise.reject(BLOCKED),
    };
    const { client, sockets } = harnessWith(createMemoryKeyStore(), broken);
    client.connect();
    await answerConnect(sockets.latest(), {
      ok: true,
      payload: helloPayload({ deviceToken: "device-token-1" }),
    });
    expect(sockets.latest().lastRequest("connect").params.auth).toEqual({
      token: "shared-secret-token",
    });
    expect(client.getState().status).toBe("connected");
  });
});

describe("given IndexedDB stores", () => {
  it("should open the database again after a failed open", async () => {
    const fake = createFakeIndexedDb();
    fake.failingOpens = 1;
    const keyStore = createIndexedDbKeyStore({ indexedDB: fake.factory });
    await expect(keyStore.load()).rejects.toThrow(/unrelated to the database/);
    await expect(keyStore.load()).resolves.toBeNull();
    expect(fake.opens).toBe(2);
  });

  it("should treat damaged entries as absent and delete them", async () => {
    const fake = createFakeIndexedDb();
    const keyStore = createIndexedDbKeyStore({ indexedDB: fake.factory });
    const tokens = createIndexedDbDeviceTokenStore({ indexedDB: fake.factory });
    await keyStore.load();
    fake.data.get("device-key")?.set("default", { kind: "webcrypto" });
    const tokenKey = { gatewayUrl: URL, deviceId: "d", role: "operator" };
    await tokens.save(tokenKey, { token: "t", role: "operator", scopes: [], issuedAtMs: null });
    const [storedKey] = [...(fake.data.get("device-tokens")?.keys() ?? [])];
    fake.data.get("device-tokens")?.set(storedKey ?? "", { token: 42 });

    await expect(keyStore.load()).resolves.toBeNull();
    await expect(tokens.load(tokenKey)).resolves.toBeNull();
    expect(fake.data.get("device-key")?.size).toBe(0);
    expect(fake.data.get("device-tokens")?.size).toBe(0);
  });

  it("should give back a valid device token unchanged", async () => {
    const fake = createFakeIndexedDb();
    const tokens = createIndexedDbDeviceTokenStore({ indexedDB: fake.factory });
    const tokenKey = { gatewayUrl: URL, deviceId: "d", role: "operator" };
    const token = {
      token: "t",
      role: "operator",
      scopes: ["operator.questions"],
      issuedAtMs: 5,
      sharedTokenFingerprint: null,
    };
    await tokens.save(tokenKey, token);
    await expect(tokens.load(tokenKey)).resolves.toEqual(token);
  });
});
