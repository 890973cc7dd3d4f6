import { describe, expect, it } from "vitest";
import { canonicalizeAnswers } from "../../src/protocol/canonicalize-answers";
import { fieldIssue, type QuestionField } from "../../src/protocol/form-field";
import { parseQuestionRecord } from "../../src/protocol/parse-question-record";
import type { Question } from "../../src/protocol/types";

function fieldQuestion(field: QuestionField, options: string[] = []): Question {
  return {
    questionId: "field_1",
    header: "A long form field title",
    question: "What is it?",
    options: options.map((label) => ({ label })),
    field,
    ...(options.length === 0 ? { isOther: true } : {}),
  };
}

describe("given a text field's rules", () => {
  const name = fieldQuestion({ type: "string", required: true, minLength: 2, maxLength: 5 });
  it("should count characters as code points, as JSON Schema does", () => {
    expect(fieldIssue(name, ["😀😀"])).toBeNull();
    expect(fieldIssue(name, ["😀"])).toEqual({ rule: "minLength", limit: 2 });
    expect(fieldIssue(name, ["abcdef"])).toEqual({ rule: "maxLength", limit: 5 });
  });

  it.each([
    ["email", "ada@example.com", "ada@", "ada@example"],
    ["uri", "https://example.com/a", "example.com", "/relative/path"],
    ["date", "2024-02-29", "2023-02-29", "2026-13-01"],
    ["date-time", "2026-12-02T10:30:00Z", "2026-12-02T10:30", "2026-12-02T24:00:00+01:00"],
  ] as const)("should check the %s format", (format, good, bad, worse) => {
    const question = fieldQuestion({ type: "string", required: true, format });
    expect(fieldIssue(question, [good])).toBeNull();
    expect(fieldIssue(question, [bad])).toEqual({ rule: format });
    expect(fieldIssue(question, [worse])).toEqual({ rule: format });
  });
});

describe("given number fields", () => {
  it("should want a JSON number within its bounds, whole for an integer", () => {
    const seats = fieldQuestion({ type: "integer", required: true, minimum: 1, maximum: 10 });
    expect(fieldIssue(seats, ["3"])).toBeNull();
    expect(fieldIssue(seats, ["2.5"])).toEqual({ rule: "integer" });
    expect(fieldIssue(seats, ["0"])).toEqual({ rule: "minimum", limit: 1 });
    expect(fieldIssue(seats, ["11"])).toEqual({ rule: "maximum", limit: 10 });
    expect(fieldIssue(seats, ["3 seats"])).toEqual({ rule: "integer" });
    const budget = fieldQuestion({ type: "number", required: true });
    expect(fieldIssue(budget, ["1e3"])).toBeNull();
    expect(fieldIssue(budget, ["0x10"])).toEqual({ rule: "number" });
  });
});

describe("given optional fields and choices", () => {
  it("should let an optional field stay empty and leave it out of the answers", () => {
    const note = fieldQuestion({ type: "string", required: false });
    expect(fieldIssue(note, [])).toBeNull();
    const result = canonicalizeAnswers([note], { answers: { field_1: [] } });
    expect(result).toEqual({ ok: true, value: { answers: {} } });
  });

  it("should bound a multi-select's number of choices", () => {
    const regions = {
      ...fieldQuestion({ type: "choice", required: true, minItems: 1, maxItems: 2 }, [
        "A",
        "B",
        "C",
      ]),
      multiSelect: true,
    };
    expect(fieldIssue(regions, ["A", "B", "C"])).toEqual({ rule: "maxItems", limit: 2 });
    const refused = canonicalizeAnswers([regions], { answers: { field_1: ["A", "B", "C"] } });
    expect(refused).toMatchObject({ ok: false, error: { questionId: "field_1" } });
  });
});

describe("given a form record", () => {
  const record = (questions: unknown[]) => ({
    id: "form_1",
    questions,
    createdAtMs: 1,
    expiresAtMs: 2,
    status: "pending",
  });

  it("should accept more than three fields with many options and keep long titles whole", () => {
    const fields = Array.from({ length: 7 }, (_, index) => ({
      ...fieldQuestion({ type: "choice", required: true }, ["A", "B", "C", "D", "E", "F"]),
      questionId: `field_${index + 1}`,
    }));
    const parsed = parseQuestionRecord(record(fields));
    expect(parsed.ok && parsed.value.questions).toHaveLength(7);
    expect(parsed.ok && parsed.value.questions[0]?.header).toBe("A long form field title");
  });

  it("should keep ask_user's three questions and four options for records without fields", () => {
    const plain = { questionId: "q", header: "H", question: "Q?", options: [] };
    const parsed = parseQuestionRecord(
      record([1, 2, 3, 4].map((n) => ({ ...plain, questionId: `q_${n}` }))),
    );
    expect(parsed.ok).toBe(false);
  });
});
