import { describe, expect, it } from "vitest";
import { canonicalizeAnswers } from "../../src/protocol/canonicalize-answers";
import { displayText } from "../../src/protocol/display-text";
import { formatPromptText } from "../../src/protocol/format-prompt-text";
import type { Question } from "../../src/protocol/types";
import { draftToAnswers } from "../../src/store/draft-values";

const CONTROLS = {
  LRE: "\u202A",
  RLE: "\u202B",
  PDF: "\u202C",
  LRO: "\u202D",
  RLO: "\u202E",
  LRI: "\u2066",
  RLI: "\u2067",
  FSI: "\u2068",
  PDI: "\u2069",
} as const;
const ANY_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
const HEBREW = "\u05E9\u05DC\u05D5\u05DD";
const ARABIC = "\u0645\u0631\u062D\u0628\u0627";

const spoofed: Question = {
  questionId: "file",
  header: "\u202Etxt.exe",
  question: `Open ${HEBREW} \u2067${ARABIC}\u2069?`,
  options: [{ label: "Open \u202Egnp.exe", description: "Live \u202Etraffic" }, { label: "Keep" }],
  isOther: true,
};

describe("given agent text with an explicit direction control inside", () => {
  it.each(Object.entries(CONTROLS))("should remove %s and keep the rest in order", (_, control) => {
    expect(displayText(`Open ${control}gnp.exe`)).toBe("Open gnp.exe");
    expect(displayText(`${control}a${control}b${control}`)).toBe("ab");
  });

  it("should keep Hebrew and Arabic text in the order it was written, without the controls", () => {
    const text = `${CONTROLS.RLO}${HEBREW}${CONTROLS.PDF} 1.2 ${CONTROLS.LRI}${ARABIC} abc${CONTROLS.PDI}`;
    expect(displayText(text)).toBe(`${HEBREW} 1.2 ${ARABIC} abc`);
    expect(displayText(text)).not.toMatch(ANY_CONTROL);
  });

  it("should keep the implicit marks and every other character", () => {
    const text = `${HEBREW}\u200F: 42\u200E \u061C${ARABIC} \u200D\u{1F468}\u200D\u{1F469} e\u0301`;
    expect(displayText(text)).toBe(text);
  });

  it("should leave text without controls as it is", () => {
    expect(displayText("Staging (Recommended)")).toBe("Staging (Recommended)");
    expect(displayText("")).toBe("");
  });

  it("should print no control in the plain-text prompt of a text channel", () => {
    const text = formatPromptText([spoofed]);
    expect(text).not.toMatch(ANY_CONTROL);
    expect(text).toContain("txt.exe\n");
    expect(text).toContain("1. Open gnp.exe - Live traffic");
  });
});

describe("given an option label with a direction control", () => {
  it("should send the label as it was written, byte for byte", () => {
    const label = "Open \u202Egnp.exe";
    const draft = { selected: [label], otherText: "" };
    const answers = draftToAnswers(
      {
        id: "ask_0123456789abcdef0123456789abcdef",
        questions: [spoofed],
        createdAtMs: 0,
        expiresAtMs: 1,
        status: "pending",
      },
      { step: 0, questions: new Map([["file", draft]]) },
    );
    expect(answers.answers.file).toEqual([label]);
    const result = canonicalizeAnswers([spoofed], answers);
    expect(result).toEqual({ ok: true, value: { answers: { file: [label] } } });
  });
});
