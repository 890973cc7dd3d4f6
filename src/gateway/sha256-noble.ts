import { sha256 } from "@noble/hashes/sha2.js";

/** SHA-256 in pure JS, for hosts without crypto.subtle. */
export function sha256WithNoble(bytes: Uint8Array): Uint8Array {
  return sha256(bytes);
}
