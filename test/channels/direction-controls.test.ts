import { describe, expect, it } from "vitest";
import {
  buildDiscordComponents,
  buildSlackBlocks,
  buildTelegramKeyboard,
  finalizationText,
  resolveDiscordInteraction,
  resolveSlackAction,
  resolveTelegramCallback,
} from "../../src/channels";
import type { Question } from "../../src/protocol/types";
import { RECORD_ID, singleChoice } from "./fixtures";

const ANY_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
const SPOOFED = "Open \u202Egnp.exe";
const ISOLATED = "\u2067\u05E9\u05DC\u05D5\u05DD\u2069 v2";

const question: Question = {
  questionId: "file",
  header: "\u202Etxt.exe",
  question: "Which file?",
  options: [{ label: SPOOFED }, { label: ISOLATED }, { label: "Keep" }],
  isOther: true,
};
const record = singleChoice({ questions: [question] });
const raw = (label: string) => ({ answers: { file: [label] } });

describe("given an option label with direction controls inside", () => {
  it("should show Telegram buttons without them, and answer with the label as written", () => {
    const rows = buildTelegramKeyboard(record)?.inline_keyboard.flat() ?? [];
    expect(rows.map((button) => button.text)).toEqual([
      "Open gnp.exe",
      "\u05E9\u05DC\u05D5\u05DD v2",
      "Keep",
      "Other…",
    ]);
    expect(resolveTelegramCallback(record, `tgq1:${RECORD_ID}:0`)).toEqual({
      kind: "answer",
      answers: raw(SPOOFED),
    });
  });

  it("should show Discord buttons without them, and answer with the label as written", () => {
    const labels = buildDiscordComponents(record)?.flatMap((row) =>
      row.components.map((button) => button.label),
    );
    expect(labels).toEqual(["Open gnp.exe", "\u05E9\u05DC\u05D5\u05DD v2", "Keep"]);
    expect(resolveDiscordInteraction(record, `ocq:id=${RECORD_ID};i=1`)).toEqual(raw(ISOLATED));
  });

  it("should show Slack buttons without them, and answer with the label as written", () => {
    const texts = buildSlackBlocks(record)?.flatMap((block) =>
      block.elements.map((button) => button.text.text),
    );
    expect(texts).toEqual(["Open gnp.exe", "\u05E9\u05DC\u05D5\u05DD v2", "Keep"]);
    expect(resolveSlackAction(record, `slq1:${RECORD_ID}:0`)).toEqual(raw(SPOOFED));
  });

  it("should finalize the message with the chosen label without them", () => {
    const answered = singleChoice({
      questions: [question],
      status: "answered",
      answers: { answers: { file: [SPOOFED, ISOLATED] } },
    });
    const text = finalizationText(answered);
    expect(text).not.toMatch(ANY_CONTROL);
    expect(text).toBe("Answered: Open gnp.exe, \u05E9\u05DC\u05D5\u05DD v2");
  });
});
