import { describe, expect, it } from "vitest";
import { type Question, SECRET_MASK, summarizeOutcome } from "../../src/protocol";
import { checks, deployTarget, recordOf, releaseNote } from "./fixtures";

const secret: Question = { ...releaseNote, questionId: "token", header: "Token", isSecret: true };

describe("given an answered prompt", () => {
  it("should show each full question, then 'Header: answers'", () => {
    const answers = { answers: { deploy_target: ["Production"], checks: ["Lint", "E2E"] } };
    const summary = summarizeOutcome(
      recordOf([deployTarget, checks], { status: "answered", answers }),
    );
    expect(summary.kind).toBe("answered");
    expect(summary.text).toBe(
      "Where should this deploy?\nTarget: Production\n\nWhich checks should run?\nChecks: Lint, E2E",
    );
    expect(summary.lines[1]).toEqual({
      questionId: "checks",
      question: "Which checks should run?",
      header: "Checks",
      answer: "Lint, E2E",
      secret: false,
      unsent: null,
    });
  });

  it("should never show a secret answer", () => {
    const summary = summarizeOutcome(
      recordOf([secret], { status: "answered", answers: { answers: { token: ["hunter2"] } } }),
    );
    expect(summary.text).not.toContain("hunter2");
    expect(summary.lines[0]).toMatchObject({ answer: SECRET_MASK, secret: true });
  });

  it("should say when it was answered elsewhere", () => {
    const answers = { answers: { deploy_target: ["Production"] } };
    const summary = summarizeOutcome(recordOf([deployTarget], { status: "answered", answers }), {
      answeredElsewhere: true,
    });
    expect(summary.kind).toBe("answered-elsewhere");
    expect(summary.text).toBe("Where should this deploy?\nTarget: Production (Answered elsewhere)");
  });

  it("should keep what this user typed when another surface answered differently", () => {
    const record = recordOf([deployTarget, checks], {
      status: "answered",
      answers: { answers: { deploy_target: ["Production"], checks: ["Lint"] } },
    });
    const summary = summarizeOutcome(record, {
      answeredElsewhere: true,
      unsentAnswers: { answers: { deploy_target: ["Only after 18:00"], checks: ["Lint"] } },
    });
    expect(summary.lines.map((line) => line.unsent)).toEqual(["Only after 18:00", null]);
    expect(summary.text).toContain(
      "Target: Production (Answered elsewhere) (unsent: Only after 18:00)",
    );
  });
});

describe("given a prompt without an answer", () => {
  it("should show Skipped for a cancelled record this user skipped", () => {
    const summary = summarizeOutcome(recordOf([deployTarget], { status: "cancelled" }));
    expect(summary.kind).toBe("skipped");
    expect(summary.text).toBe("Where should this deploy?\nTarget: Skipped");
  });

  it("should show Cancelled, not Skipped, when someone else cancelled it", () => {
    const summary = summarizeOutcome(recordOf([deployTarget], { status: "cancelled" }), {
      answeredElsewhere: true,
      unsentAnswers: { answers: { deploy_target: ["Production"] } },
    });
    expect(summary.kind).toBe("cancelled");
    expect(summary.text).toBe("Where should this deploy?\nTarget: Cancelled (unsent: Production)");
    expect(summary.lines[0]?.answer).toBeNull();
  });

  it("should show Expired with the unsent draft so it can be copied", () => {
    const summary = summarizeOutcome(recordOf([deployTarget, secret], { status: "expired" }), {
      unsentAnswers: { answers: { deploy_target: ["Production"], token: ["hunter2"] } },
    });
    expect(summary.kind).toBe("expired");
    expect(summary.text).toBe(
      `Where should this deploy?\nTarget: Expired (unsent: Production)\n\nWhat should the release note say?\nToken: Expired (unsent: ${SECRET_MASK})`,
    );
    expect(summary.lines[0]?.answer).toBeNull();
  });

  it("should show Unavailable when the record's fate is unknown", () => {
    const summary = summarizeOutcome(recordOf([deployTarget]), { unavailable: true });
    expect(summary.kind).toBe("unavailable");
    expect(summary.text).toBe("Where should this deploy?\nTarget: Unavailable");
  });
});
