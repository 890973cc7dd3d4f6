import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
import { selectStepProgress } from "../../src/store/selectors-drafts";
import { threeStepRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

describe("given the stacked card with every question answered", () => {
  it("should submit all answers when Enter is pressed on an option", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("checkbox", { name: /Lint/ }));
    await user.click(screen.getByRole("radio", { name: /Only me/ }));
    act(() => screen.getByRole("radio", { name: /Only me/ }).focus());
    await user.keyboard("{Enter}");
    expect(api.calls).toEqual([
      {
        method: "resolve",
        id: threeStepRecord.id,
        answers: {
          answers: {
            deploy_target: ["Production"],
            checks: ["Lint"],
            notify: ["Only me, by email"],
          },
        },
      },
    ]);
  });
});

describe("given the stacked card with a question left unanswered", () => {
  it("should send nothing and move focus to the unanswered question on Enter", async () => {
    const user = userEvent.setup();
    const { api, store } = renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.keyboard("{Enter}");
    expect(api.calls).toEqual([]);
    expect(screen.getByRole("checkbox", { name: /Tests/ })).toHaveFocus();
    expect(selectStepProgress(store.getState(), threeStepRecord.id).step).toBe(0);
  });

  it("should never move the hidden step when Ctrl+Enter is pressed", async () => {
    const user = userEvent.setup();
    const { api, store } = renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(api.calls).toEqual([]);
    expect(selectStepProgress(store.getState(), threeStepRecord.id).step).toBe(0);
  });
});

describe("given the stacked card with several questions", () => {
  it("should move the focus to the option a digit picked in the focused question", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    act(() => screen.getByRole("radio", { name: /whole team/ }).focus());
    await user.keyboard("1");
    const onlyMe = screen.getByRole("radio", { name: /Only me/ });
    expect(onlyMe).toBeChecked();
    expect(onlyMe).toHaveFocus();
  });

  it("should name each Other field after its question and say Skip all", () => {
    renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    expect(screen.getByRole("textbox", { name: "Your own answer for Checks" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Your own answer for Notify" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Skip all" })).toBeInTheDocument();
  });
});
