import { describe, expect, it } from "vitest";
import { buildDeviceAuthPayload } from "../../src/gateway/device-auth-payload";
import { createDeviceIdentityProvider } from "../../src/gateway/device-identity";
import { createMemoryKeyStore } from "../../src/gateway/memory-stores";
import { deviceIdOf, verifySignature } from "./verify-signature";

const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

describe("given the v3 payload fields", () => {
  it("should join them in the gateway's order with ASCII-lowercased platform and family", () => {
    const text = buildDeviceAuthPayload({
      deviceId: "abc",
      clientId: "openclaw-control-ui",
      clientMode: "webchat",
      role: "operator",
      scopes: ["operator.questions", "operator.read"],
      signedAtMs: 1_700_000_000_500,
      token: "tok",
      nonce: "n-1",
      platform: "  Web ",
      deviceFamily: undefined,
    });
    expect(text).toBe(
      "v3|abc|openclaw-control-ui|webchat|operator|operator.questions,operator.read|1700000000500|tok|n-1|web|",
    );
  });

  it("should leave the token field empty when no token is sent", () => {
    const text = buildDeviceAuthPayload({
      deviceId: "d",
      clientId: "c",
      clientMode: "m",
      role: "operator",
      scopes: [],
      signedAtMs: 1,
      token: null,
      nonce: "n",
      platform: "ÄB",
      deviceFamily: "Phone",
    });
    expect(text).toBe("v3|d|c|m|operator||1||n|Äb|phone");
  });
});

describe.each([
  { implementation: "webcrypto" as const, subtle: undefined },
  { implementation: "noble" as const, subtle: null },
])("given a $implementation device identity", ({ implementation, subtle }) => {
  const create = (keyStore = createMemoryKeyStore()) =>
    createDeviceIdentityProvider({
      keyStore,
      implementation,
      ...(subtle === null ? { subtle: null } : {}),
    });

  it("should derive the id as hex SHA-256 of the raw public key, sent as base64url without padding", async () => {
    const identity = await create().getIdentity();
    expect(identity.implementation).toBe(implementation);
    expect(identity.publicKey).toMatch(BASE64URL_32_BYTES);
    expect(identity.id).toBe(deviceIdOf(identity.publicKey));
    expect(identity.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("should sign the exact v3 string so that node:crypto verifies it", async () => {
    const identity = await create().getIdentity();
    const text = `v3|${identity.id}|openclaw-control-ui|webchat|operator|operator.questions|1700000000500|tok|nonce-1|web|`;
    const signature = await identity.sign(text);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(verifySignature(identity.publicKey, text, signature)).toBe(true);
    expect(verifySignature(identity.publicKey, `${text}x`, signature)).toBe(false);
  });

  it("should keep the same key and label across loads from the same store", async () => {
    const keyStore = createMemoryKeyStore();
    const first = await create(keyStore).getIdentity();
    const second = await create(keyStore).getIdentity();
    expect(second.id).toBe(first.id);
    expect(second.label).toBe(first.label);
  });

  it("should give another profile (another store) a different key and label", async () => {
    const first = await create().getIdentity();
    const second = await create().getIdentity();
    expect(second.id).not.toBe(first.id);
    expect(second.label).not.toBe(first.label);
  });
});

describe("given a WebCrypto host", () => {
  it("should store a non-extractable private key", async () => {
    const keyStore = createMemoryKeyStore();
    await createDeviceIdentityProvider({ keyStore }).getIdentity();
    const stored = await keyStore.load();
    expect(stored?.kind).toBe("webcrypto");
    if (stored?.kind !== "webcrypto") return;
    expect(stored.privateKey.extractable).toBe(false);
  });
});

describe("given a host without crypto.subtle", () => {
  it("should fall back to the pure-JS implementation in auto mode", async () => {
    const identity = await createDeviceIdentityProvider({
      keyStore: createMemoryKeyStore(),
      subtle: null,
    }).getIdentity();
    expect(identity.implementation).toBe("noble");
    const text = `v3|${identity.id}|c|m|operator||1||n||`;
    expect(verifySignature(identity.publicKey, text, await identity.sign(text))).toBe(true);
  });
});
