import type {
  DeviceTokenKey,
  DeviceTokenStore,
  KeyStore,
  StoredDeviceKey,
  StoredDeviceToken,
} from "./device-types";

/** A key store held in memory (Node, tests). */
export function createMemoryKeyStore(initial: StoredDeviceKey | null = null): KeyStore {
  let stored = initial;
  return {
    load: async () => stored,
    save: async (key) => {
      stored = key;
    },
  };
}

/** Stable string form of a device token key. */
export function formatDeviceTokenKey(key: DeviceTokenKey): string {
  return JSON.stringify([key.gatewayUrl, key.deviceId, key.role]);
}

/** A device token store held in memory (Node, tests). */
export function createMemoryDeviceTokenStore(): DeviceTokenStore {
  const tokens = new Map<string, StoredDeviceToken>();
  return {
    load: async (key) => tokens.get(formatDeviceTokenKey(key)) ?? null,
    save: async (key, token) => {
      tokens.set(formatDeviceTokenKey(key), token);
    },
    remove: async (key) => {
      tokens.delete(formatDeviceTokenKey(key));
    },
  };
}
