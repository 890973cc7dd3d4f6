import { describe, expect, it } from "vitest";
import { formatPromptText } from "../../src/protocol/format-prompt-text";
import type { Question } from "../../src/protocol/types";
import { checks, deployTarget, releaseNote } from "./fixtures";

describe("given one single-select question with Other", () => {
  it("should print intro, header, question, numbered options and the guidance line", () => {
    expect(formatPromptText([deployTarget])).toBe(
      [
        "Question for you:",
        "",
        "Target",
        "Where should this deploy?",
        "1. Staging (Recommended) - Safe first step",
        "2. Production",
        "Other: reply with your own answer.",
        "",
        "Reply with the number, the option text, or your own answer.",
      ].join("\n"),
    );
  });

  it("should use a custom intro", () => {
    expect(formatPromptText([deployTarget], { intro: "Agent needs input:" }).split("\n")[0]).toBe(
      "Agent needs input:",
    );
  });
});

describe("given a record whose option has a blank description", () => {
  it("should print the option without a dangling separator", () => {
    const blank: Question = { ...deployTarget, options: [{ label: "A", description: "  " }] };
    expect(formatPromptText([blank]).split("\n")).toContain("1. A");
  });
});

describe("given one single-select question without Other", () => {
  it("should leave out the Other line and ask for the number or option text", () => {
    const closed: Question = { ...deployTarget, isOther: false };
    const text = formatPromptText([closed]);
    expect(text).not.toContain("Other:");
    expect(text.endsWith("\n\nReply with the number or option text.")).toBe(true);
  });
});

describe("given one multi-select question", () => {
  it("should ask for comma-separated numbers or text", () => {
    expect(
      formatPromptText([checks]).endsWith(
        "\n\nReply with comma-separated option numbers or text, or your own answer.",
      ),
    ).toBe(true);
  });
});

describe("given one question without options", () => {
  it("should ask for the answer", () => {
    expect(formatPromptText([releaseNote])).toBe(
      [
        "Question for you:",
        "",
        "Note",
        "What should the release note say?",
        "Other: reply with your own answer.",
        "",
        "Reply with your answer.",
      ].join("\n"),
    );
  });
});

describe("given several questions", () => {
  it("should number the headers and separate questions with a blank line", () => {
    expect(formatPromptText([deployTarget, releaseNote])).toBe(
      [
        "Question for you:",
        "",
        "1. Target",
        "Where should this deploy?",
        "1. Staging (Recommended) - Safe first step",
        "2. Production",
        "Other: reply with your own answer.",
        "",
        "2. Note",
        "What should the release note say?",
        "Other: reply with your own answer.",
        "",
        "Reply by number or question id. Use a declared option where choices are fixed.",
      ].join("\n"),
    );
  });
});

describe("given a secret question", () => {
  it("should warn that the channel may show the reply", () => {
    const secret: Question = { ...releaseNote, isSecret: true };
    expect(formatPromptText([secret])).toContain(
      "What should the release note say?\nThis channel may show your reply to other participants.\n",
    );
  });
});
