import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampHeader, countGatewayCharacters, countGraphemes } from "../../src/protocol/graphemes";

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

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** Pieces where code units, graphemes and the gateway's count part ways. */
const TRICKY_PIECES = [
  "a",
  " ",
  "\r\n",
  "\n",
  "\r",
  "\u0301",
  "e\u0301",
  "👍🏽",
  "🇫🇷",
  "1️⃣",
  "\u200d",
  FAMILY,
];

describe("given any header", () => {
  it("should keep the longest whole-grapheme prefix within 12 graphemes and the gateway's count", () => {
    const texts = fc.oneof(
      fc.string({ unit: "grapheme-ascii", maxLength: 30 }),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.string({ unit: "binary", maxLength: 30 }),
      fc
        .array(fc.constantFrom(...TRICKY_PIECES), { maxLength: 30 })
        .map((pieces) => pieces.join("")),
      fc
        .array(fc.constantFrom("a", " ", "\r\n", "\t"), { maxLength: 30 })
        .map((pieces) => pieces.join("")),
    );
    fc.assert(
      fc.property(texts, (header) => {
        const clamped = clampHeader(header);
        const graphemes = [...segmenter.segment(header)].map(({ segment }) => segment);
        const kept = graphemes.findIndex(
          (_, index) => graphemes.slice(0, index).join("") === clamped,
        );
        const keptCount = kept === -1 ? graphemes.length : kept;
        expect(graphemes.slice(0, keptCount).join("")).toBe(clamped);
        expect(keptCount).toBeLessThanOrEqual(12);
        expect(countGatewayCharacters(clamped)).toBeLessThanOrEqual(12);
        const next = graphemes[keptCount];
        if (next !== undefined) {
          const fitsOneMore = keptCount < 12 && countGatewayCharacters(clamped + next) <= 12;
          expect(fitsOneMore).toBe(false);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
