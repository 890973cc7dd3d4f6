import type {
  DeviceIdentity,
  DeviceIdentityProvider,
  KeyStore,
  StoredDeviceKey,
} from "./device-types";
import {
  findSubtleCrypto,
  generateWebCryptoKey,
  sha256WithWebCrypto,
  signWithWebCrypto,
} from "./ed25519-webcrypto";
import { encodeBase64Url, encodeHex, encodeUtf8 } from "./encoding";
import { DeviceStorageError } from "./errors";
import { loadNoble } from "./load-noble";
import { parseStoredDeviceKey } from "./stored-device-values";

const LABEL_BYTES = 3;

/** Options of `createDeviceIdentityProvider`. */
export type DeviceIdentityOptions = {
  keyStore: KeyStore;
  /** `auto` prefers WebCrypto Ed25519 and falls back to the pure-JS implementation. */
  implementation?: "auto" | "webcrypto" | "noble";
  /** Injected SubtleCrypto; `null` simulates a host without it. Defaults to `globalThis.crypto.subtle`. */
  subtle?: SubtleCrypto | null;
  now?: () => number;
};

function randomLabel(): string {
  const bytes = new Uint8Array(LABEL_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return encodeHex(bytes);
}

async function generateKey(
  subtle: SubtleCrypto | null,
  implementation: "auto" | "webcrypto" | "noble",
  createdAtMs: number,
): Promise<StoredDeviceKey> {
  const label = randomLabel();
  if (subtle && implementation !== "noble") {
    const key = await generateWebCryptoKey(subtle, label, createdAtMs);
    if (key) return key;
    if (implementation === "webcrypto") throw new Error("WebCrypto Ed25519 is not available");
  }
  const { generateNobleKey } = await loadNoble();
  return generateNobleKey(label, createdAtMs);
}

async function toIdentity(
  key: StoredDeviceKey,
  subtle: SubtleCrypto | null,
): Promise<DeviceIdentity> {
  const digest = subtle
    ? await sha256WithWebCrypto(subtle, key.publicKey)
    : (await loadNoble()).sha256WithNoble(key.publicKey);
  const base = {
    id: encodeHex(digest),
    publicKey: encodeBase64Url(key.publicKey),
    label: key.label,
  };
  switch (key.kind) {
    case "webcrypto": {
      if (!subtle) throw new Error("a WebCrypto device key needs crypto.subtle");
      return {
        ...base,
        implementation: "webcrypto",
        sign: async (text) =>
          encodeBase64Url(await signWithWebCrypto(subtle, key.privateKey, encodeUtf8(text))),
      };
    }
    case "noble": {
      const { signWithNoble } = await loadNoble();
      return {
        ...base,
        implementation: "noble",
        sign: async (text) => encodeBase64Url(signWithNoble(key.secretKey, encodeUtf8(text))),
      };
    }
    default:
      return key satisfies never;
  }
}

/** Loads the device key from its store, creating and saving one on first use. */
export function createDeviceIdentityProvider(
  options: DeviceIdentityOptions,
): DeviceIdentityProvider {
  const subtle = options.subtle === undefined ? findSubtleCrypto() : options.subtle;
  const implementation = options.implementation ?? "auto";
  const now = options.now ?? Date.now;
  let loading: Promise<DeviceIdentity> | null = null;

  async function readStored(): Promise<StoredDeviceKey | null> {
    let value: unknown;
    try {
      value = await options.keyStore.load();
    } catch (error) {
      // Never replace a key we could not read: it may be paired with the gateway.
      throw new DeviceStorageError("the device key could not be read", error);
    }
    // A damaged key counts as absent; saving a new one overwrites it.
    return parseStoredDeviceKey(value);
  }

  async function load(): Promise<DeviceIdentity> {
    const stored = await readStored();
    const usable = stored && (stored.kind === "noble" || subtle) ? stored : null;
    if (usable) return toIdentity(usable, subtle);
    const created = await generateKey(subtle, implementation, now());
    try {
      await options.keyStore.save(created);
    } catch (error) {
      throw new DeviceStorageError("the device key could not be saved", error);
    }
    return toIdentity(created, subtle);
  }

  return {
    getIdentity: () => {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}
