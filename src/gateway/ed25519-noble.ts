import { getPublicKey, hashes, sign, utils } from "@noble/ed25519";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import type { StoredDeviceKey } from "./device-types";

// Loaded on demand only (load-noble.ts): most browsers sign with WebCrypto Ed25519, so the pure-JS
// curve stays out of the initial bundle. SHA-256 comes along: a host without crypto.subtle needs
// both, from one chunk.
// Without crypto.subtle (plain-http LAN pages) noble needs synchronous hashes from JS.
hashes.sha512 = sha512;

/** Generates an Ed25519 key with the pure-JS implementation. */
export function generateNobleKey(label: string, createdAtMs: number): StoredDeviceKey {
  const secretKey = utils.randomSecretKey();
  return { kind: "noble", secretKey, publicKey: getPublicKey(secretKey), label, createdAtMs };
}

/** Signs bytes with a raw Ed25519 secret key. */
export function signWithNoble(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  return sign(message, secretKey);
}

/** SHA-256 in pure JS, for hosts without crypto.subtle. */
export function sha256WithNoble(bytes: Uint8Array): Uint8Array {
  return sha256(bytes);
}
