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
