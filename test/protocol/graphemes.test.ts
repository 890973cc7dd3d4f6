import { describe, expect, it } from "vitest";
import { clampHeader, countGatewayCharacters, countGraphemes } from "../../src/protocol";

const FAMILY = "👨‍👩‍👧‍👦";

describe("given a header longer than 12 characters", () => {
  it("should clamp 'Deployment target' to 'Deployment t'", () => {
    expect(clampHeader("Deployment target")).toBe("Deployment t");
  });

  it("should clamp 13 family emoji to 12 whole emoji", () => {
    const clamped = clampHeader(FAMILY.repeat(13));
    expect(clamped).toBe(FAMILY.repeat(12));
    expect(countGraphemes(clamped)).toBe(12);
  });

  it("should keep combining marks with their letter", () => {
    const decomposed = "e\u0301".repeat(13);
    expect(clampHeader(decomposed)).toBe("e\u0301".repeat(12));
  });
});

describe("given a header of at most 12 characters", () => {
  it("should leave it unchanged", () => {
    expect(clampHeader("Target")).toBe("Target");
    expect(clampHeader("exactly12chr")).toBe("exactly12chr");
  });
});

describe("given text with emoji", () => {
  it("should count user-perceived characters, not code units", () => {
    expect(countGraphemes(FAMILY)).toBe(1);
    expect(countGraphemes("🇫🇷ok")).toBe(3);
    expect(countGraphemes("")).toBe(0);
  });
});

describe("given a header the gateway counts longer than Unicode does", () => {
  it("should stop before the gateway's 12-character limit, still on a whole grapheme", () => {
    const thumbs = "👍🏽".repeat(13);
    expect(countGatewayCharacters("👍🏽")).toBe(2);
    expect(clampHeader(thumbs)).toBe("👍🏽".repeat(6));
    expect(clampHeader("1️⃣".repeat(13))).toBe("1️⃣".repeat(6));
  });

  it("should count family emoji, flags and accented letters as one character each, as the gateway does", () => {
    expect(countGatewayCharacters(FAMILY.repeat(12))).toBe(12);
    expect(countGatewayCharacters("🇫🇷🇩🇪")).toBe(2);
    expect(countGatewayCharacters("e\u0301")).toBe(1);
    expect(countGatewayCharacters("Deployment t")).toBe(12);
  });
});
