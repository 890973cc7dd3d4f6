import type { StoredDeviceKey, StoredDeviceToken } from "./device-types";

const ED25519_KEY_BYTES = 32;

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields | null {
  return typeof value === "object" && value !== null ? (value as Fields) : null;
}

// Checked by tag, not `instanceof`: values read back from storage may come from another realm.
function isKeyBytes(value: unknown): value is Uint8Array {
  return (
    Object.prototype.toString.call(value) === "[object Uint8Array]" &&
    (value as Uint8Array).length === ED25519_KEY_BYTES
  );
}

function isCryptoKey(value: unknown): value is CryptoKey {
  if (typeof CryptoKey !== "undefined" && value instanceof CryptoKey) return true;
  const fields = asFields(value);
  return fields !== null && typeof fields.type === "string" && typeof fields.usages === "object";
}

/** A stored device key, or null when the stored value is damaged or from an unknown version. */
export function parseStoredDeviceKey(value: unknown): StoredDeviceKey | null {
  const fields = asFields(value);
  if (fields === null) return null;
  const { kind, publicKey, label, createdAtMs } = fields;
  if (!isKeyBytes(publicKey) || typeof label !== "string" || typeof createdAtMs !== "number")
    return null;
  if (kind === "webcrypto" && isCryptoKey(fields.privateKey)) {
    return { kind, privateKey: fields.privateKey, publicKey, label, createdAtMs };
  }
  if (kind === "noble" && isKeyBytes(fields.secretKey)) {
    return { kind, secretKey: fields.secretKey, publicKey, label, createdAtMs };
  }
  return null;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** A stored device token, or null when the stored value is damaged. */
export function parseStoredDeviceToken(value: unknown): StoredDeviceToken | null {
  const fields = asFields(value);
  if (fields === null) return null;
  const { token, role, scopes, issuedAtMs, sharedTokenFingerprint } = fields;
  if (typeof token !== "string" || token === "" || typeof role !== "string") return null;
  if (!isStringArray(scopes)) return null;
  if (issuedAtMs !== null && typeof issuedAtMs !== "number") return null;
  const parsed: StoredDeviceToken = { token, role, scopes: [...scopes], issuedAtMs };
  if (sharedTokenFingerprint === undefined) return parsed;
  if (sharedTokenFingerprint !== null && typeof sharedTokenFingerprint !== "string") return null;
  return { ...parsed, sharedTokenFingerprint };
}
