import type { StoredDeviceKey } from "./device-types";

const ED25519 = { name: "Ed25519" } as const;

/** The host's SubtleCrypto, or null where it is missing (insecure contexts). */
export function findSubtleCrypto(): SubtleCrypto | null {
  return globalThis.crypto?.subtle ?? null;
}

/** Generates a non-extractable WebCrypto Ed25519 key; null when the host lacks Ed25519. */
export async function generateWebCryptoKey(
  subtle: SubtleCrypto,
  label: string,
  createdAtMs: number,
): Promise<StoredDeviceKey | null> {
  try {
    const pair = (await subtle.generateKey(ED25519, false, ["sign", "verify"])) as CryptoKeyPair;
    const publicKey = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
    return { kind: "webcrypto", privateKey: pair.privateKey, publicKey, label, createdAtMs };
  } catch {
    return null;
  }
}

/** Signs bytes with a WebCrypto Ed25519 private key. */
export async function signWithWebCrypto(
  subtle: SubtleCrypto,
  privateKey: CryptoKey,
  message: Uint8Array,
): Promise<Uint8Array> {
  return new Uint8Array(await subtle.sign(ED25519, privateKey, message as Uint8Array<ArrayBuffer>));
}

/** SHA-256 with WebCrypto. */
export async function sha256WithWebCrypto(
  subtle: SubtleCrypto,
  bytes: Uint8Array,
): Promise<Uint8Array> {
  return new Uint8Array(await subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}
