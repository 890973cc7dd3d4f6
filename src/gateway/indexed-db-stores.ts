import type { DeviceTokenStore, KeyStore } from "./device-types";
import { formatDeviceTokenKey } from "./memory-stores";
import { parseStoredDeviceKey, parseStoredDeviceToken } from "./stored-device-values";

const DATABASE_NAME = "ask-user-kit-gateway";
const DATABASE_VERSION = 1;
const KEY_STORE_NAME = "device-key";
const TOKEN_STORE_NAME = "device-tokens";
const DEVICE_KEY_ID = "default";

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, DATABASE_VERSION);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(KEY_STORE_NAME);
    request.result.createObjectStore(TOKEN_STORE_NAME);
  };
  return promisify(request);
}

/** Options of the IndexedDB stores. */
export type IndexedDbStoreOptions = { indexedDB?: IDBFactory; databaseName?: string };

function createAccess(options: IndexedDbStoreOptions) {
  let database: Promise<IDBDatabase> | null = null;
  const connect = () => {
    const factory: IDBFactory | undefined = options.indexedDB ?? globalThis.indexedDB;
    if (factory === undefined) return Promise.reject(new Error("IndexedDB is not available"));
    // A failed open is not cached: the next call tries again (the block may have been temporary).
    database ??= openDatabase(factory, options.databaseName ?? DATABASE_NAME).catch(
      (error: unknown) => {
        database = null;
        throw error;
      },
    );
    return database;
  };
  return async <T>(
    storeName: string,
    mode: IDBTransactionMode,
    run: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const store = (await connect()).transaction(storeName, mode).objectStore(storeName);
    return promisify(run(store));
  };
}

/** Keeps the device key in IndexedDB; a WebCrypto CryptoKey is stored as is and stays non-extractable. */
export function createIndexedDbKeyStore(options: IndexedDbStoreOptions = {}): KeyStore {
  const access = createAccess(options);
  return {
    load: async () => {
      const value: unknown = await access(KEY_STORE_NAME, "readonly", (store) =>
        store.get(DEVICE_KEY_ID),
      );
      const key = parseStoredDeviceKey(value);
      if (key === null && value !== undefined) {
        await access(KEY_STORE_NAME, "readwrite", (store) => store.delete(DEVICE_KEY_ID));
      }
      return key;
    },
    save: async (key) => {
      await access(KEY_STORE_NAME, "readwrite", (store) => store.put(key, DEVICE_KEY_ID));
    },
  };
}

/** Keeps device tokens in IndexedDB, keyed by gateway URL + device id + role. */
export function createIndexedDbDeviceTokenStore(
  options: IndexedDbStoreOptions = {},
): DeviceTokenStore {
  const access = createAccess(options);
  return {
    load: async (key) => {
      const value: unknown = await access(TOKEN_STORE_NAME, "readonly", (store) =>
        store.get(formatDeviceTokenKey(key)),
      );
      const token = parseStoredDeviceToken(value);
      if (token === null && value !== undefined) {
        await access(TOKEN_STORE_NAME, "readwrite", (store) =>
          store.delete(formatDeviceTokenKey(key)),
        );
      }
      return token;
    },
    save: async (key, token) => {
      await access(TOKEN_STORE_NAME, "readwrite", (store) =>
        store.put(token, formatDeviceTokenKey(key)),
      );
    },
    remove: async (key) => {
      await access(TOKEN_STORE_NAME, "readwrite", (store) =>
        store.delete(formatDeviceTokenKey(key)),
      );
    },
  };
}
