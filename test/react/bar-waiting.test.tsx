import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
import { QuestionBar } from "../../src/react/question-bar";
import { scopeKey } from "../../src/store/scope";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_SESSION_KEY,
  multiSelectRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const SESSION = scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID });
const collapsed = { [SESSION]: { activePromptId: null, expanded: false } };

describe("given one collapsed request", () => {
  it("should not count the waiting requests", () => {
    renderWithStore(<QuestionBar />, { prompts: [singleChoiceRecord], sessions: collapsed });
    const bar = screen.getByRole("region", { name: "Question from the agent" });
    expect(bar).not.toHaveTextContent("waiting ·");
    expect(screen.queryByText(/\d waiting/)).not.toBeInTheDocument();
    expect(bar).not.toHaveAccessibleDescription();
  });
});

describe("given two collapsed requests", () => {
  it("should say how many are waiting, visibly and as the bar's description", () => {
    renderWithStore(<QuestionBar />, {
      prompts: [
        singleChoiceRecord,
        { record: { ...multiSelectRecord, createdAtMs: singleChoiceRecord.createdAtMs + 1 } },
      ],
      sessions: collapsed,
    });
    expect(screen.getByText("2 waiting")).toBeVisible();
    expect(
      screen.getByRole("region", { name: "Question from the agent" }),
    ).toHaveAccessibleDescription("2 waiting");
  });
});

describe("given the stacked card of three questions", () => {
  it("should say how many questions it holds in the header's meta row", () => {
    renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    const count = screen.getByText("3 questions");
    expect(count.closest(".ask-card__meta")).not.toBeNull();
    const title = screen.getByRole("heading", { name: "Waiting for your answer" });
    const collapse = screen.getByRole("button", { name: "Collapse question" });
    expect(title.nextElementSibling).toBe(collapse);
  });

  it("should not count a single question", () => {
    renderWithStore(<QuestionCard />, { prompts: [singleChoiceRecord] });
    expect(screen.queryByText(/questions$/)).not.toBeInTheDocument();
  });
});
