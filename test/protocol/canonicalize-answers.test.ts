import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalizeAnswers } from "../../src/protocol/canonicalize-answers";
import type { Question } from "../../src/protocol/types";
import { checks, deployTarget, releaseNote } from "./fixtures";

const closedChoice: Question = { ...deployTarget, questionId: "closed", isOther: false };
const secret: Question = { ...releaseNote, questionId: "token", isSecret: true };

function errorOf(questions: Question[], answers: unknown) {
  const result = canonicalizeAnswers(questions, answers);
  if (result.ok) throw new Error("expected a rejection");
  return result.error;
}

describe("given answers that fit their questions", () => {
  it("should trim values and map a value equal to a label onto that label", () => {
    const result = canonicalizeAnswers([deployTarget, checks], {
      answers: { deploy_target: ["  Staging (Recommended) "], checks: ["Lint", " my own "] },
    });
    expect(result).toEqual({
      ok: true,
      value: { answers: { deploy_target: ["Staging (Recommended)"], checks: ["Lint", "my own"] } },
    });
  });

  it("should compare labels case-sensitively, keeping other casing as free text", () => {
    const result = canonicalizeAnswers([deployTarget], {
      answers: { deploy_target: ["production"] },
    });
    expect(result).toEqual({ ok: true, value: { answers: { deploy_target: ["production"] } } });
  });

  it("should keep a secret value exactly as typed", () => {
    const result = canonicalizeAnswers([secret], { answers: { token: ["  s3cret "] } });
    expect(result).toEqual({ ok: true, value: { answers: { token: ["  s3cret "] } } });
  });
});

describe("given answers the gateway rejects", () => {
  it("should reject an answer keyed by a non-snake_case id as not part of the request", () => {
    expect(errorOf([deployTarget], { answers: { deployTarget: ["Staging"] } })).toMatchObject({
      reason: "QUESTION_INVALID_ANSWER",
      message: "question 'deployTarget' is not part of this request",
      questionId: "deployTarget",
    });
  });

  it("should refuse an answer keyed __proto__ as not part of the request, as the gateway does", () => {
    const answers: unknown = JSON.parse(
      '{"answers":{"__proto__":["x"],"deploy_target":["Production"]}}',
    );
    expect(errorOf([deployTarget], answers)).toMatchObject({
      message: "question '__proto__' is not part of this request",
    });
  });

  it("should name an answer for a question that is not part of the request first", () => {
    expect(errorOf([deployTarget], { answers: { other_thing: ["x"] } })).toEqual({
      code: "INVALID_REQUEST",
      reason: "QUESTION_INVALID_ANSWER",
      message: "question 'other_thing' is not part of this request",
      questionId: "other_thing",
    });
  });

  it("should require an answer for every question, in question order", () => {
    expect(errorOf([deployTarget, checks], { answers: { checks: [] } }).message).toBe(
      "question 'deploy_target' requires an answer",
    );
    expect(
      errorOf([deployTarget, checks], { answers: { deploy_target: ["Production"] } }).message,
    ).toBe("question 'checks' requires an answer");
  });

  it("should reject a blank value", () => {
    expect(errorOf([checks], { answers: { checks: ["Lint", "  "] } }).message).toBe(
      "question 'checks' contains an empty answer",
    );
  });

  it("should reject a whitespace secret only when it is empty", () => {
    expect(errorOf([secret], { answers: { token: [""] } }).message).toBe(
      "question 'token' contains an empty answer",
    );
    expect(canonicalizeAnswers([secret], { answers: { token: [" "] } }).ok).toBe(true);
  });

  it("should reject several values on a single-select question", () => {
    expect(
      errorOf([deployTarget], { answers: { deploy_target: ["Production", "x"] } }).message,
    ).toBe("question 'deploy_target' does not allow multiple answers");
  });

  it("should reject free text where no free text is allowed", () => {
    expect(errorOf([closedChoice], { answers: { closed: ["Somewhere"] } }).message).toBe(
      "question 'closed' contains an unknown option",
    );
    expect(errorOf([closedChoice], { answers: { closed: ["production"] } }).message).toBe(
      "question 'closed' contains an unknown option",
    );
  });

  it("should reject a value that is not an answers object", () => {
    const error = errorOf([deployTarget], { deploy_target: ["Production"] });
    expect(error.reason).toBe("QUESTION_INVALID_ANSWER");
    expect(error.questionId).toBeNull();
    expect(
      errorOf([deployTarget], { answers: { deploy_target: "Production" } }).questionId,
    ).toBeNull();
  });
});

describe("given any answers", () => {
  it("should be idempotent: canonical answers canonicalize to themselves", () => {
    const questions = [deployTarget, checks, releaseNote];
    const value = fc.oneof(
      fc.constantFrom("Staging (Recommended)", " Production ", "Lint", "E2E", "  "),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.record({
          deploy_target: fc.array(value, { maxLength: 2 }),
          checks: fc.array(value, { maxLength: 4 }),
          release_note: fc.array(value, { maxLength: 1 }),
        }),
        (answers) => {
          const first = canonicalizeAnswers(questions, { answers });
          if (!first.ok) return;
          expect(canonicalizeAnswers(questions, first.value)).toEqual(first);
        },
      ),
    );
  });
});
