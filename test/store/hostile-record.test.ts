import { describe, expect, it } from "vitest";
import { reduceQuestions } from "../../src/store/reducer";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import { emptyState, makeRecord, START_MS, targetQuestion } from "./support/records";

describe("given a record whose question carries a forbidden link", () => {
  it.each([
    "javascript:alert(document.cookie)",
    "data:text/html,<b>x</b>",
    "https://u:p@evil.test/",
  ])("should show the question without the link %s and say why", (url) => {
    const record = makeRecord({ questions: [{ ...targetQuestion, url }] });
    const state = reduceQuestions(emptyState(), {
      type: "question-requested",
      record,
      atMs: START_MS,
    });
    const shown = selectPendingPrompts(state, { sessionKey: "main" });
    expect(shown.map((entry) => entry.id)).toEqual(["q1"]);
    expect(shown[0]?.record.questions[0]).not.toHaveProperty("url");
    expect(state.diagnostics).toEqual([expect.stringContaining("questions[0].url")]);
  });
});
