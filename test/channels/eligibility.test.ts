import { describe, expect, it } from "vitest";
import { canUseNativeButtons, finalizationText } from "../../src/channels";
import type { Question } from "../../src/protocol/types";
import { singleChoice } from "./fixtures";

const base = singleChoice().questions[0] as Question;

describe("given a pending prompt with one single-choice question of 2-4 options", () => {
  it("should use native buttons", () => {
    expect(canUseNativeButtons(singleChoice())).toBe(true);
  });
});

describe("given a prompt that must fall back to text", () => {
  it("should refuse several questions, multi-select, secrets and free-text-only questions", () => {
    const second: Question = { ...base, questionId: "second" };
    expect(canUseNativeButtons(singleChoice({ questions: [base, second] }))).toBe(false);
    expect(canUseNativeButtons(singleChoice({ questions: [{ ...base, multiSelect: true }] }))).toBe(
      false,
    );
    expect(canUseNativeButtons(singleChoice({ questions: [{ ...base, isSecret: true }] }))).toBe(
      false,
    );
    expect(canUseNativeButtons(singleChoice({ questions: [{ ...base, options: [] }] }))).toBe(
      false,
    );
  });

  it("should refuse an id that is not ask_<32 hex> and a prompt no longer pending", () => {
    expect(canUseNativeButtons(singleChoice({ id: "0d7c1c2e-uuid" }))).toBe(false);
    expect(canUseNativeButtons(singleChoice({ status: "expired" }))).toBe(false);
  });
});

describe("given a resolved prompt", () => {
  it("should finalize an answer with the chosen option labels only", () => {
    const answered = singleChoice({
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    });
    expect(finalizationText(answered)).toBe("Answered: Production");
  });

  it("should not echo free text or secrets", () => {
    const freeText = singleChoice({
      status: "answered",
      answers: { answers: { deploy_target: ["my own"] } },
    });
    expect(finalizationText(freeText)).toBe("Answered");
    const secret = singleChoice({
      status: "answered",
      questions: [{ ...base, isSecret: true }],
      answers: { answers: { deploy_target: ["Production"] } },
    });
    expect(finalizationText(secret)).toBe("Answered");
  });

  it("should say Expired, Cancelled or Unavailable", () => {
    expect(finalizationText(singleChoice({ status: "expired" }))).toBe("Expired");
    expect(finalizationText(singleChoice({ status: "cancelled" }))).toBe("Cancelled");
    expect(finalizationText(singleChoice(), { unavailable: true })).toBe(
      "Unavailable: request a new question.",
    );
    expect(finalizationText(singleChoice())).toBeNull();
  });
});
