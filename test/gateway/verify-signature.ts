import { createHash, createPublicKey, verify } from "node:crypto";

/** Verifies an Ed25519 signature (base64url) over text with a raw public key (base64url), using node:crypto. */
export function verifySignature(publicKey: string, text: string, signature: string): boolean {
  const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: publicKey }, format: "jwk" });
  return verify(null, Buffer.from(text, "utf8"), key, Buffer.from(signature, "base64url"));
}

/** Lowercase hex SHA-256 of the raw public key bytes. */
export function deviceIdOf(publicKey: string): string {
  return createHash("sha256").update(Buffer.from(publicKey, "base64url")).digest("hex");
}
