import { describe, expect, it } from "vitest";
import type { QuestionAction } from "../../src/store/actions";
import { reduceQuestions } from "../../src/store/reducer";
import { selectQuestionDraft, selectQuestionValue } from "../../src/store/selectors-drafts";
import type { QuestionStoreState } from "../../src/store/types";
import { emptyState, makeRecord, START_MS } from "./support/records";

function withPrompt(): QuestionStoreState {
  return reduceQuestions(emptyState(), {
    type: "question-requested",
    record: makeRecord(),
    atMs: START_MS,
  });
}

function apply(state: QuestionStoreState, ...actions: QuestionAction[]): QuestionStoreState {
  return actions.reduce((current, action) => reduceQuestions(current, action), state);
}

const choose = (questionId: string, label: string): QuestionAction => ({
  type: "option-chosen",
  promptId: "q1",
  questionId,
  label,
});
const type = (questionId: string, text: string): QuestionAction => ({
  type: "other-text-set",
  promptId: "q1",
  questionId,
  text,
});

describe("given a single-select question", () => {
  it("should keep the typed free text, not chosen, when an option is chosen", () => {
    const state = apply(withPrompt(), type("target", "Canary"), choose("target", "Production"));
    expect(selectQuestionDraft(state, "q1", "target")).toEqual({
      selected: ["Production"],
      otherText: "Canary",
    });
    expect(selectQuestionValue(state, "q1", "target")).toEqual(["Production"]);
  });

  it("should make the kept free text the answer again when the user returns to it", () => {
    const state = apply(withPrompt(), type("target", "Canary"), choose("target", "Production"), {
      type: "other-chosen",
      promptId: "q1",
      questionId: "target",
    });
    expect(selectQuestionValue(state, "q1", "target")).toEqual(["Canary"]);
  });

  it("should clear the chosen option when the user types", () => {
    const state = apply(withPrompt(), choose("target", "Production"), type("target", " Canary "));
    expect(selectQuestionDraft(state, "q1", "target").selected).toEqual([]);
    expect(selectQuestionValue(state, "q1", "target")).toEqual(["Canary"]);
  });
});

describe("given a multi-select question", () => {
  it("should keep both the chosen options and the free text, labels in option order first", () => {
    const state = apply(
      withPrompt(),
      choose("checks", "Lint"),
      type("checks", "Fuzz"),
      choose("checks", "Tests"),
    );
    expect(selectQuestionValue(state, "q1", "checks")).toEqual(["Tests", "Lint", "Fuzz"]);
  });

  it("should unselect an option chosen twice", () => {
    const state = apply(withPrompt(), choose("checks", "Lint"), choose("checks", "Lint"));
    expect(selectQuestionValue(state, "q1", "checks")).toEqual([]);
  });
});

describe("given a prompt that is no longer pending", () => {
  it("should not let the draft change", () => {
    const submitting = apply(withPrompt(), {
      type: "submit-started",
      promptId: "q1",
      action: { kind: "cancel" },
      queued: false,
    });
    expect(apply(submitting, choose("target", "Production")).drafts.size).toBe(0);
  });
});

describe("given the stepper", () => {
  it("should clamp the step to the prompt's questions", () => {
    const state = apply(withPrompt(), { type: "step-set", promptId: "q1", step: 7 });
    expect(state.drafts.get("q1")?.step).toBe(1);
  });

  it("should keep the answers of every step when moving back and forth", () => {
    const state = apply(
      withPrompt(),
      choose("target", "Production"),
      { type: "step-set", promptId: "q1", step: 1 },
      choose("checks", "Tests"),
      { type: "step-set", promptId: "q1", step: 0 },
    );
    expect(selectQuestionValue(state, "q1", "target")).toEqual(["Production"]);
    expect(selectQuestionValue(state, "q1", "checks")).toEqual(["Tests"]);
  });
});
