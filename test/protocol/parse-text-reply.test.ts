import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTextReply } from "../../src/protocol/parse-text-reply";
import type { Question } from "../../src/protocol/types";
import { checks, deployTarget, releaseNote } from "./fixtures";

const closedChoice: Question = { ...deployTarget, isOther: false };

describe("given one single-select question", () => {
  it("should resolve a number to that option", () => {
    expect(parseTextReply([deployTarget], " 2 ")).toEqual({
      answers: { answers: { deploy_target: ["Production"] } },
      missing: [],
    });
  });

  it("should resolve a label in any case to the exact label", () => {
    expect(
      parseTextReply([deployTarget], "staging (recommended)").answers.answers.deploy_target,
    ).toEqual(["Staging (Recommended)"]);
  });

  it("should keep 'staging' against 'Staging (Recommended)' as free text, with no prefix matching", () => {
    expect(parseTextReply([deployTarget], "staging").answers.answers.deploy_target).toEqual([
      "staging",
    ]);
  });

  it("should never split on commas", () => {
    expect(parseTextReply([deployTarget], "1,2").answers.answers.deploy_target).toEqual(["1,2"]);
  });

  it("should treat an out-of-range number as free text when Other is allowed", () => {
    expect(parseTextReply([deployTarget], "7").answers.answers.deploy_target).toEqual(["7"]);
  });

  it("should leave the question unanswered when free text is not allowed", () => {
    expect(parseTextReply([closedChoice], "7")).toEqual({
      answers: { answers: { deploy_target: [] } },
      missing: ["deploy_target"],
    });
    expect(parseTextReply([closedChoice], "Moon").missing).toEqual(["deploy_target"]);
  });

  it("should read full-width digits and digits wrapped in direction marks as numbers", () => {
    expect(parseTextReply([closedChoice], "２").answers.answers.deploy_target).toEqual([
      "Production",
    ]);
    expect(parseTextReply([closedChoice], "\u200f2\u200f").answers.answers.deploy_target).toEqual([
      "Production",
    ]);
  });

  it("should report a blank reply as missing", () => {
    expect(parseTextReply([deployTarget], "   ").missing).toEqual(["deploy_target"]);
  });
});

describe("given one multi-select question", () => {
  it("should resolve '1,3' to two labels", () => {
    expect(parseTextReply([checks], "1,3").answers.answers.checks).toEqual(["Lint", "E2E"]);
  });

  it("should split on commas, semicolons and newlines, drop empties, de-duplicate and keep order", () => {
    expect(parseTextReply([checks], "e2e; 1\n\n lint ,, my own").answers.answers.checks).toEqual([
      "E2E",
      "Lint",
      "my own",
    ]);
  });

  it("should take a whole reply that matches a label as that label", () => {
    const withComma: Question = {
      ...checks,
      options: [{ label: "Lint, then unit" }, { label: "None" }],
    };
    expect(parseTextReply([withComma], "lint, then unit").answers.answers.checks).toEqual([
      "Lint, then unit",
    ]);
  });
});

describe("given several questions", () => {
  it("should read keyed lines by id, header, question text or number", () => {
    const reply = ["note = ship it", "DEPLOY_TARGET: 2"].join("\n");
    expect(parseTextReply([deployTarget, releaseNote], reply).answers.answers).toEqual({
      deploy_target: ["Production"],
      release_note: ["ship it"],
    });
    expect(
      parseTextReply([deployTarget, releaseNote], "2 - ship it\n1 - 1").answers.answers,
    ).toEqual({
      deploy_target: ["Staging (Recommended)"],
      release_note: ["ship it"],
    });
  });

  it("should give unkeyed questions the reply's lines in order", () => {
    expect(parseTextReply([deployTarget, releaseNote], "1\nship it").answers.answers).toEqual({
      deploy_target: ["Staging (Recommended)"],
      release_note: ["ship it"],
    });
  });

  it("should take '14:30' as a value, not a key", () => {
    expect(
      parseTextReply([deployTarget, releaseNote], "Production\n14:30").answers.answers,
    ).toEqual({
      deploy_target: ["Production"],
      release_note: ["14:30"],
    });
  });

  it("should take a clock time that looks like a question number as a value", () => {
    expect(parseTextReply([releaseNote, deployTarget], "1:30\n2").answers.answers).toEqual({
      release_note: ["1:30"],
      deploy_target: ["Production"],
    });
  });

  it("should take a line that starts with a clock time as a value, whatever follows", () => {
    expect(
      parseTextReply([deployTarget, releaseNote], "Production\n1:30 pm UTC").answers.answers,
    ).toEqual({ deploy_target: ["Production"], release_note: ["1:30 pm UTC"] });
    expect(
      parseTextReply([deployTarget, releaseNote], "Production\n1:30-2:00").answers.answers,
    ).toEqual({ deploy_target: ["Production"], release_note: ["1:30-2:00"] });
  });

  it("should read a hyphen as a separator only with spaces around it, so '1-2 weeks' is a value", () => {
    expect(parseTextReply([deployTarget, releaseNote], "1\n1-2 weeks").answers.answers).toEqual({
      deploy_target: ["Staging (Recommended)"],
      release_note: ["1-2 weeks"],
    });
  });

  it("should use a header that holds a hyphen, or a question ending in '?', as its key", () => {
    const followUp: Question = {
      ...releaseNote,
      questionId: "follow_up",
      header: "Follow-up",
      question: "Schedule a follow-up call?",
    };
    expect(
      parseTextReply([deployTarget, followUp], "Follow-up: No\nTarget: 2").answers.answers,
    ).toEqual({ deploy_target: ["Production"], follow_up: ["No"] });
    expect(
      parseTextReply([deployTarget, followUp], "1\nSchedule a follow-up call?: No").answers.answers,
    ).toEqual({ deploy_target: ["Staging (Recommended)"], follow_up: ["No"] });
  });

  it("should never give an unkeyed question a line keyed to another question", () => {
    const reply = parseTextReply([deployTarget, checks, releaseNote], "Target: 2\nNote: ship it");
    expect(reply.answers.answers).toEqual({
      deploy_target: ["Production"],
      checks: [],
      release_note: ["ship it"],
    });
    expect(reply.missing).toEqual(["checks"]);
    expect(parseTextReply([deployTarget, releaseNote], "Note: ship it").missing).toEqual([
      "deploy_target",
    ]);
  });

  it("should take URLs, Windows paths and dates as values", () => {
    const notes: Question = { ...releaseNote, questionId: "c", header: "https" };
    const reply = ["https://example.com/x", "C:\\temp\\out.txt", "2026-07-08"].join("\n");
    const third: Question = { ...releaseNote, questionId: "when", header: "2026" };
    expect(parseTextReply([notes, { ...releaseNote }, third], reply).answers.answers).toEqual({
      c: ["https://example.com/x"],
      release_note: ["C:\\temp\\out.txt"],
      when: ["2026-07-08"],
    });
  });

  it("should list every question left without an answer", () => {
    expect(parseTextReply([deployTarget, releaseNote, checks], "2").missing).toEqual([
      "release_note",
      "checks",
    ]);
  });
});

const labelArbitrary = fc
  .string({ minLength: 1, maxLength: 20 })
  .map((label) => label.trim())
  .filter((label) => label.length > 0 && !/^\d+$/.test(label) && !/[,;\n]/.test(label));

const questionArbitrary = fc
  .uniqueArray(labelArbitrary, {
    minLength: 2,
    maxLength: 4,
    selector: (label) => label.toLowerCase(),
  })
  .chain((labels) =>
    fc.record({
      labels: fc.constant(labels),
      multiSelect: fc.boolean(),
      isOther: fc.boolean(),
      index: fc.integer({ min: 0, max: labels.length - 1 }),
    }),
  )
  .map(({ labels, multiSelect, isOther, index }) => {
    const question: Question = {
      questionId: "choice",
      header: "Choice",
      question: "Which one?",
      options: labels.map((label) => ({ label })),
      ...(multiSelect ? { multiSelect: true } : {}),
      isOther,
    };
    return { question, index, label: labels[index] ?? "" };
  });

describe("given any valid question", () => {
  it("should resolve the number n to option n's label", () => {
    fc.assert(
      fc.property(questionArbitrary, ({ question, index, label }) => {
        expect(parseTextReply([question], String(index + 1)).answers.answers.choice).toEqual([
          label,
        ]);
      }),
    );
  });

  it("should resolve any label in any case to that label", () => {
    fc.assert(
      fc.property(questionArbitrary, fc.boolean(), ({ question, label }, upper) => {
        const typed = upper ? label.toUpperCase() : label.toLowerCase();
        const unique = question.options.filter(
          (option) => option.label.toLowerCase() === typed.toLowerCase(),
        );
        fc.pre(unique.length === 1);
        expect(parseTextReply([question], `  ${typed} `).answers.answers.choice).toEqual([label]);
      }),
    );
  });
});
