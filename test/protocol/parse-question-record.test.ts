import { describe, expect, it } from "vitest";
import { parseQuestionRecord } from "../../src/protocol/parse-question-record";

function wireRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "ask_0123456789abcdef0123456789abcdef",
    questions: [
      {
        questionId: "deploy_target",
        header: "Target",
        question: "Where should this deploy?",
        options: [{ label: "Staging (Recommended)" }, { label: "Production", description: "Live" }],
        isOther: true,
      },
    ],
    sessionKey: "agent:main:main",
    runId: "run-1",
    createdAtMs: 1000,
    expiresAtMs: 901000,
    status: "pending",
    ...overrides,
  };
}

function issuesOf(value: unknown) {
  const result = parseQuestionRecord(value);
  if (result.ok) throw new Error("expected a rejection");
  return result.issues;
}

describe("given a well-formed record", () => {
  it("should return the typed record", () => {
    const result = parseQuestionRecord(wireRecord());
    expect(result).toEqual({ ok: true, value: wireRecord() });
  });

  it("should ignore unknown extra fields", () => {
    const result = parseQuestionRecord(
      wireRecord({
        stateVersion: 7,
        questions: [{ ...(wireRecord().questions as object[])[0], secretStoreExisting: {} }],
      }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).not.toHaveProperty("stateVersion");
      expect(result.value.questions[0]).not.toHaveProperty("secretStoreExisting");
    }
  });

  it("should clamp a header longer than 12 graphemes instead of rejecting it", () => {
    const question = { ...(wireRecord().questions as object[])[0], header: "Deployment target" };
    const result = parseQuestionRecord(wireRecord({ questions: [question] }));
    expect(result.ok && result.value.questions[0]?.header).toBe("Deployment t");
  });

  it("should accept an answered record with its answers and resolver", () => {
    const answered = wireRecord({
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
      resolvedBy: "plain-text",
    });
    expect(parseQuestionRecord(answered)).toEqual({ ok: true, value: answered });
  });

  it("should accept a free-text question without options", () => {
    const question = { questionId: "note", header: "Note", question: "Say?", options: [] };
    expect(parseQuestionRecord(wireRecord({ questions: [question] })).ok).toBe(true);
  });
});

describe("given a malformed record", () => {
  it("should name a missing id and a bad status", () => {
    expect(issuesOf(wireRecord({ id: undefined, status: "done" }))).toEqual([
      { path: "id", message: "must be a string, got undefined" },
      { path: "status", message: "must be one of pending, answered, cancelled, expired" },
    ]);
  });

  it("should reject a question with one option or five", () => {
    const base = (wireRecord().questions as Record<string, unknown>[])[0];
    const one = { ...base, options: [{ label: "A" }] };
    expect(issuesOf(wireRecord({ questions: [one] }))[0]?.path).toBe("questions[0].options");
    const five = { ...base, options: ["A", "B", "C", "D", "E"].map((label) => ({ label })) };
    expect(issuesOf(wireRecord({ questions: [five] }))[0]?.message).toContain("got 5");
  });

  it("should reject duplicate labels and duplicate question ids", () => {
    const base = (wireRecord().questions as Record<string, unknown>[])[0];
    const duplicateLabels = { ...base, options: [{ label: "Staging" }, { label: " staging " }] };
    expect(issuesOf(wireRecord({ questions: [duplicateLabels] }))[0]?.path).toBe(
      "questions[0].options[1].label",
    );
    expect(issuesOf(wireRecord({ questions: [base, base] }))).toEqual([
      { path: "questions[1].questionId", message: "duplicate question id 'deploy_target'" },
    ]);
  });

  it("should reject a camelCase question id", () => {
    const base = (wireRecord().questions as Record<string, unknown>[])[0];
    const bad = { ...base, questionId: "deployTarget" };
    expect(issuesOf(wireRecord({ questions: [bad] })).map((issue) => issue.path)).toEqual([
      "questions[0].questionId",
    ]);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://user:secret@example.com/",
    "//example.com/relative",
  ])("should keep the question but not its link %s, with a warning", (url) => {
    const base = (wireRecord().questions as Record<string, unknown>[])[0];
    const result = parseQuestionRecord(wireRecord({ questions: [{ ...base, url }] }));
    if (!result.ok) throw new Error("the question must not be dropped");
    expect(result.value.questions[0]?.question).toBe("Where should this deploy?");
    expect(result.value.questions[0]).not.toHaveProperty("url");
    expect(result.warnings?.map((warning) => warning.path)).toEqual(["questions[0].url"]);
  });

  it("should reject 0 or 4 questions and non-integer timestamps", () => {
    expect(issuesOf(wireRecord({ questions: [] }))[0]?.path).toBe("questions");
    expect(issuesOf(wireRecord({ expiresAtMs: 1.5 }))[0]?.path).toBe("expiresAtMs");
  });

  it("should reject answers that are not arrays of strings", () => {
    expect(
      issuesOf(wireRecord({ answers: { answers: { deploy_target: "Production" } } }))[0]?.path,
    ).toBe("answers.answers.deploy_target");
  });

  it("should reject a value that is not an object", () => {
    expect(issuesOf("record")).toEqual([
      { path: "(root)", message: "must be an object, got string" },
    ]);
  });
});
