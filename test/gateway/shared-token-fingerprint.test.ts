import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fingerprintSharedToken } from "../../src/gateway/device-token-binding";

const sha256Hex = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

describe.each([
  { hash: "WebCrypto", subtle: globalThis.crypto.subtle },
  { hash: "the lazily loaded pure-JS fallback", subtle: null },
])("given the shared-token fingerprint with $hash", ({ subtle }) => {
  it("should be the fingerprint earlier versions stored: lowercase hex SHA-256 of the UTF-8", async () => {
    expect(await fingerprintSharedToken("shared-secret-token", subtle)).toBe(
      "cd687cf634134da0251fdcdcf9352df4db266b89aeb3cc10688be46725be6105",
    );
    expect(await fingerprintSharedToken("tökén 🔑", subtle)).toBe(
      "46436f21e3ea6752f5b5bc1682fb0b9e7f76e711a88adb6e7140b62453701d59",
    );
  });

  it("should equal node:crypto's SHA-256 for any token", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 200 }), async (token) => {
        expect(await fingerprintSharedToken(token, subtle)).toBe(sha256Hex(token));
      }),
    );
  });
});
