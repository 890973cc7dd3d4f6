import { describe, expect, it } from "vitest";
import { describeCall } from "../../src/langgraph/review-prompt";

const call = { name: "send_email", args: { to: "bob@x.io", subject: "hi" }, allowed: [] };

describe("given a tool call under review", () => {
  it("should say the call in words after the middleware's description, one full stop", () => {
    expect(describeCall({ ...call, description: "Review this email before it is sent." })).toBe(
      "Review this email before it is sent. send_email: to = bob@x.io; subject = hi",
    );
    expect(describeCall({ ...call, description: "Review this email" })).toBe(
      "Review this email. send_email: to = bob@x.io; subject = hi",
    );
    expect(describeCall(call)).toBe("send_email: to = bob@x.io; subject = hi");
  });

  it("should show an argument that is not text as JSON, cut after 200 characters", () => {
    const long = "x".repeat(300);
    const text = describeCall({ name: "t", args: { list: [1, 2], long }, allowed: [] });
    expect(text).toBe(`t: list = [1,2]; long = ${"x".repeat(200)}…`);
  });
});

describe("given the review words of each language", () => {
  it("should keep every placeholder the English words have", async () => {
    const { DEFAULT_REVIEW_WORDS } = await import("../../src/langgraph/review-prompt");
    const words = await import("../../src/langgraph/review-words");
    const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const translated of [
      words.REVIEW_WORDS_DE,
      words.REVIEW_WORDS_JA,
      words.REVIEW_WORDS_AR,
    ]) {
      for (const [key, english] of Object.entries(DEFAULT_REVIEW_WORDS)) {
        const text = translated[key as keyof typeof translated];
        expect(placeholders(text), key).toEqual(placeholders(english));
        expect(text, key).not.toBe(english);
      }
    }
  });
});
