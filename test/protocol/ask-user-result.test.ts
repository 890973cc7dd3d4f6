import { describe, expect, it } from "vitest";
import { toAskUserResult } from "../../src/protocol/ask-user-result";
import { checks, deployTarget, recordOf } from "./fixtures";

describe("given an answered record", () => {
  it("should return the answers and one 'Header: values' line per question before the JSON", () => {
    const answers = {
      answers: { deploy_target: ["Staging (Recommended)"], checks: ["Lint", "my own"] },
    };
    const result = toAskUserResult(
      recordOf([deployTarget, checks], { status: "answered", answers }),
    );
    expect(result.json).toEqual({ status: "answered", answers });
    expect(result.text).toBe(
      `Target: Staging (Recommended)\nChecks: Lint, my own\n\n${JSON.stringify({ status: "answered", answers }, null, 2)}`,
    );
  });

  it("should write (no answer) for a question without values", () => {
    const answers = { answers: { deploy_target: ["Production"] } };
    const result = toAskUserResult(
      recordOf([deployTarget, checks], { status: "answered", answers }),
    );
    expect(result.text.split("\n")[1]).toBe("Checks: (no answer)");
  });
});

describe("given a record without an answer", () => {
  it("should tell the agent a cancelled (or skipped) question was cancelled", () => {
    const result = toAskUserResult(recordOf([deployTarget], { status: "cancelled" }));
    expect(result.json).toEqual({ status: "no_answer" });
    expect(result.text).toBe(
      'The question was cancelled; proceed with best judgment.\n\n{\n  "status": "no_answer"\n}',
    );
  });

  it("should tell the agent no answer arrived for an expired question", () => {
    const result = toAskUserResult(recordOf([deployTarget], { status: "expired" }));
    expect(result.json).toEqual({ status: "no_answer" });
    expect(result.text.startsWith("No answer arrived; proceed with best judgment.\n\n")).toBe(true);
  });
});
