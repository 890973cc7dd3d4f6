import { describe, expect, it } from "vitest";
import { createDraftPersistence, loadDrafts } from "../../src/store/draft-storage";
import { reduceQuestions } from "../../src/store/reducer";
import type { QuestionStoreState } from "../../src/store/types";
import { createMemoryStorage } from "./support/harness";
import {
  checksQuestion,
  emptyState,
  makeRecord,
  START_MS,
  targetQuestion,
} from "./support/records";

const GATEWAY_KEY = "ws://test-gateway";

function withSecretPrompt(): QuestionStoreState {
  const record = makeRecord({ questions: [{ ...targetQuestion, isSecret: true }, checksQuestion] });
  return reduceQuestions(emptyState(), { type: "question-requested", record, atMs: START_MS });
}

describe("given a draft with a secret question", () => {
  it("should keep the secret in memory but never write it to storage", () => {
    const storage = createMemoryStorage();
    const persistence = createDraftPersistence(storage, GATEWAY_KEY);
    const before = withSecretPrompt();
    const typed = reduceQuestions(before, {
      type: "other-text-set",
      promptId: "q1",
      questionId: "target",
      text: "hunter2",
    });
    const after = reduceQuestions(typed, {
      type: "option-chosen",
      promptId: "q1",
      questionId: "checks",
      label: "Lint",
    });
    persistence.sync(before, typed);
    persistence.sync(typed, after);

    expect(after.drafts.get("q1")?.questions.get("target")?.otherText).toBe("hunter2");
    const stored = storage.keys().map((key) => storage.getItem(key) ?? "");
    expect(stored.join("\n")).not.toContain("hunter2");
    const restored = loadDrafts(storage, GATEWAY_KEY);
    expect(restored.get("q1")?.questions.get("checks")?.selected).toEqual(["Lint"]);
    expect(restored.get("q1")?.questions.get("target")).toBeUndefined();
  });
});
