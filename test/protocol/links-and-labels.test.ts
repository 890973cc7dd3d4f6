import { describe, expect, it } from "vitest";
import { isSafeHttpUrl } from "../../src/protocol/links";
import { stripRecommended } from "../../src/protocol/recommended";

describe("given a question url", () => {
  it("should accept absolute http and https urls", () => {
    expect(isSafeHttpUrl("https://example.com/docs?a=1")).toBe(true);
    expect(isSafeHttpUrl("http://127.0.0.1:8080/")).toBe(true);
  });

  it("should reject other schemes, relative urls and urls with credentials", () => {
    expect(isSafeHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isSafeHttpUrl("ftp://example.com")).toBe(false);
    expect(isSafeHttpUrl("/relative")).toBe(false);
    expect(isSafeHttpUrl("https://user:secret@example.com")).toBe(false);
    expect(isSafeHttpUrl("https://user@example.com")).toBe(false);
  });

  it("should reject urls longer than 2048 characters", () => {
    const base = "https://example.com/";
    expect(isSafeHttpUrl(base + "a".repeat(2048 - base.length))).toBe(true);
    expect(isSafeHttpUrl(base + "a".repeat(2049 - base.length))).toBe(false);
  });
});

describe("given an option label", () => {
  it("should split off a trailing ' (Recommended)' for display", () => {
    expect(stripRecommended("Staging (Recommended)")).toEqual({
      text: "Staging",
      isRecommended: true,
    });
  });

  it("should leave other labels alone", () => {
    expect(stripRecommended("Staging")).toEqual({ text: "Staging", isRecommended: false });
    expect(stripRecommended("Staging (recommended)")).toEqual({
      text: "Staging (recommended)",
      isRecommended: false,
    });
    expect(stripRecommended(" (Recommended)")).toEqual({
      text: " (Recommended)",
      isRecommended: false,
    });
  });
});
