import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeAskUserInput } from "../../src/protocol/normalize-ask-user-input";

function question(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "deploy_target",
    header: "Target",
    question: "Where should this deploy?",
    options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
    ...overrides,
  };
}

function errorsOf(input: unknown): { path: string; message: string }[] {
  const result = normalizeAskUserInput(input);
  if (result.ok) throw new Error("expected the input to be rejected");
  return result.errors;
}

function acceptedValueOf(input: unknown) {
  const result = normalizeAskUserInput(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

describe("given valid ask_user input", () => {
  it("should trim fields, clamp the header, force isOther and default the timeout", () => {
    const { value } = acceptedValueOf({
      questions: [
        question({
          header: "  Deployment target ",
          question: " Where? ",
          options: [
            { label: " Staging ", description: "  " },
            { label: "Production", description: " live " },
          ],
        }),
      ],
    });
    expect(value).toEqual({
      questions: [
        {
          questionId: "deploy_target",
          header: "Deployment t",
          question: "Where?",
          options: [{ label: "Staging" }, { label: "Production", description: "live" }],
          isOther: true,
        },
      ],
      timeoutSeconds: 900,
    });
  });

  it("should not end a clamped header in the spaces it was cut at", () => {
    const { value } = acceptedValueOf({ questions: [question({ header: "Deploy      target" })] });
    expect(value.questions[0]?.header).toBe("Deploy");
  });

  it("should keep multiSelect only when it is true", () => {
    const { value } = acceptedValueOf({
      questions: [question({ multiSelect: true }), question({ id: "second", multiSelect: false })],
    });
    expect(value.questions[0]?.multiSelect).toBe(true);
    expect(value.questions[1]).not.toHaveProperty("multiSelect");
  });

  it("should clamp the timeout into 30..3600", () => {
    expect(
      acceptedValueOf({ questions: [question()], timeoutSeconds: 5 }).value.timeoutSeconds,
    ).toBe(30);
    expect(
      acceptedValueOf({ questions: [question()], timeoutSeconds: 9999 }).value.timeoutSeconds,
    ).toBe(3600);
    expect(
      acceptedValueOf({ questions: [question()], timeoutSeconds: 120 }).value.timeoutSeconds,
    ).toBe(120);
  });

  it("should warn about, but accept, an authored Other option", () => {
    const result = acceptedValueOf({
      questions: [question({ options: [{ label: "Staging" }, { label: "Other" }] })],
    });
    expect(result.warnings).toEqual([
      { path: "questions[0].options[1].label", message: expect.stringContaining("Other") },
    ]);
  });
});

describe("given invalid ask_user input", () => {
  it("should reject a non-integer timeout with a field error", () => {
    expect(errorsOf({ questions: [question()], timeoutSeconds: 12.5 })).toEqual([
      { path: "timeoutSeconds", message: "must be an integer, got 12.5" },
    ]);
  });

  it("should reject 4 questions", () => {
    const questions = ["a", "b", "c", "d"].map((id) => question({ id }));
    expect(errorsOf({ questions })).toEqual([
      { path: "questions", message: "needs 1 to 3 questions, got 4" },
    ]);
  });

  it("should reject no questions", () => {
    expect(errorsOf({ questions: [] })).toEqual([
      { path: "questions", message: "needs 1 to 3 questions, got 0" },
    ]);
  });

  it("should reject 1 option", () => {
    expect(errorsOf({ questions: [question({ options: [{ label: "Only" }] })] })).toEqual([
      { path: "questions[0].options", message: "needs 2 to 4 options, got 1" },
    ]);
  });

  it("should reject 5 options", () => {
    const options = ["A", "B", "C", "D", "E"].map((label) => ({ label }));
    expect(errorsOf({ questions: [question({ options })] })).toEqual([
      { path: "questions[0].options", message: "needs 2 to 4 options, got 5" },
    ]);
  });

  it("should reject duplicate question ids", () => {
    expect(errorsOf({ questions: [question(), question()] })).toEqual([
      { path: "questions[1].id", message: "duplicate question id 'deploy_target'" },
    ]);
  });

  it("should reject labels that differ only by case and spaces", () => {
    const errors = errorsOf({
      questions: [question({ options: [{ label: "Staging" }, { label: " staging " }] })],
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.path).toBe("questions[0].options[1].label");
    expect(errors[0]?.message).toContain("duplicates the label of option 1");
  });

  it("should reject a 65-character label", () => {
    const options = [{ label: "x".repeat(65) }, { label: "Short" }];
    expect(errorsOf({ questions: [question({ options })] })).toEqual([
      { path: "questions[0].options[0].label", message: "must be at most 64 characters, got 65" },
    ]);
  });

  it("should accept a 64-character label", () => {
    const options = [{ label: "x".repeat(64) }, { label: "Short" }];
    expect(normalizeAskUserInput({ questions: [question({ options })] }).ok).toBe(true);
  });

  it("should reject a camelCase id", () => {
    const errors = errorsOf({ questions: [question({ id: "deployTarget" })] });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.path).toBe("questions[0].id");
    expect(errors[0]?.message).toContain("snake_case");
  });

  it("should reject extra properties at every level", () => {
    expect(errorsOf({ questions: [question({ isOther: true })] })).toEqual([
      { path: "questions[0].isOther", message: "is not an allowed property" },
    ]);
    expect(errorsOf({ questions: [question()], sessionKey: "x" })).toEqual([
      { path: "sessionKey", message: "is not an allowed property" },
    ]);
    expect(
      errorsOf({
        questions: [question({ options: [{ label: "A", value: "a" }, { label: "B" }] })],
      }),
    ).toEqual([{ path: "questions[0].options[0].value", message: "is not an allowed property" }]);
  });

  it("should reject a header that is blank after trimming", () => {
    expect(errorsOf({ questions: [question({ header: "   " })] })).toEqual([
      { path: "questions[0].header", message: "must not be empty or blank" },
    ]);
  });

  it("should report every violation, each with its own path", () => {
    const errors = errorsOf({
      questions: [question({ id: "Bad", options: [{ label: "Solo" }] })],
      timeoutSeconds: "soon",
    });
    expect(errors.map((error) => error.path)).toEqual([
      "questions[0].id",
      "questions[0].options",
      "timeoutSeconds",
    ]);
  });

  it("should reject a value that is not an object", () => {
    expect(errorsOf(null)).toEqual([{ path: "(root)", message: "must be an object, got null" }]);
    expect(errorsOf([])).toEqual([{ path: "(root)", message: "must be an object, got array" }]);
  });
});

describe("given arbitrary input", () => {
  it("should never throw on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = normalizeAskUserInput(value);
        expect(typeof result.ok).toBe("boolean");
      }),
    );
  });

  it("should never throw on arbitrary values shaped like the input", () => {
    const anything = fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true });
    fc.assert(
      fc.property(
        fc.record({
          questions: fc.array(fc.oneof(anything, fc.record({ id: anything, options: anything }))),
        }),
        anything,
        (input, timeoutSeconds) => {
          normalizeAskUserInput({ ...input, timeoutSeconds });
          normalizeAskUserInput(timeoutSeconds);
        },
      ),
    );
  });
});
