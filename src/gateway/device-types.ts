/** A loaded device identity that can sign connect proofs. */
export type DeviceIdentity = {
  /** Lowercase hex SHA-256 of the raw 32-byte public key. */
  id: string;
  /** Raw public key, base64url without padding. */
  publicKey: string;
  /** Random label persisted with the key, so each browser profile gets a distinct display name. */
  label: string;
  /** Which Ed25519 implementation holds the key. */
  implementation: "webcrypto" | "noble";
  /** Signs UTF-8 text; returns the signature as base64url without padding. */
  sign(text: string): Promise<string>;
};

/** Supplies the device identity, creating and persisting it on first use. */
export type DeviceIdentityProvider = {
  getIdentity(): Promise<DeviceIdentity>;
};

/** A persisted Ed25519 key: a non-extractable WebCrypto key, or raw bytes for the pure-JS fallback. */
export type StoredDeviceKey =
  | {
      kind: "webcrypto";
      privateKey: CryptoKey;
      publicKey: Uint8Array;
      label: string;
      createdAtMs: number;
    }
  | {
      kind: "noble";
      secretKey: Uint8Array;
      publicKey: Uint8Array;
      label: string;
      createdAtMs: number;
    };

/** Where the device key lives (IndexedDB in a browser, memory in tests). */
export type KeyStore = {
  load(): Promise<StoredDeviceKey | null>;
  save(key: StoredDeviceKey): Promise<void>;
};

/** What identifies a stored device token. */
export type DeviceTokenKey = { gatewayUrl: string; deviceId: string; role: string };

/** A device token issued in `hello-ok.auth`, with the scopes it was issued for. */
export type StoredDeviceToken = {
  token: string;
  role: string;
  scopes: string[];
  issuedAtMs: number | null;
  /**
   * SHA-256 hex of the shared token this device token was obtained with (null: obtained without
   * one; absent: stored before fingerprints existed). Never the token itself.
   */
  sharedTokenFingerprint?: string | null;
};

/** Where device tokens live, keyed by gateway URL + device id + role. */
export type DeviceTokenStore = {
  load(key: DeviceTokenKey): Promise<StoredDeviceToken | null>;
  save(key: DeviceTokenKey, token: StoredDeviceToken): Promise<void>;
  remove(key: DeviceTokenKey): Promise<void>;
};
