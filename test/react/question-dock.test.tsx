import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { selectQuestionValue } from "../../src/store/selectors-drafts";
import {
  freeTextRecord,
  linkRecord,
  multiSelectRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

describe("given a three-question prompt", () => {
  it("should show one question at a time with its progress as text", () => {
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
    expect(screen.queryByText("Which checks should run before deploying?")).not.toBeInTheDocument();
  });

  it("should advance when a single-select option is clicked", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
  });

  it("should put focus on the next question's options after Ctrl+Enter in Other, so a digit picks", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Tests/ })).toHaveFocus();
    await user.keyboard("2");
    expect(screen.getByRole("checkbox", { name: /Lint/ })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Your own answer for Checks" })).toHaveValue("");
  });

  it("should go back to the previous question with its choice kept", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("radio", { name: /Production/ })).toBeChecked();
  });

  it("should show Back only after the first question, and keep the focus when Back goes away", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Production/ })).toHaveFocus();
  });

  it("should let Tab reach Next before the question has an answer, and say what is missing", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    expect(next).not.toBeDisabled();
    expect(next).toHaveAccessibleDescription("Choose an option first");
    act(() => screen.getByRole("button", { name: "Skip all" }).focus());
    await user.tab();
    expect(next).toHaveFocus();
  });

  it("should take the focus to the question when Next is pressed without an answer", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    act(() => screen.getByRole("button", { name: "Next" }).focus());
    await user.keyboard("{Enter}");
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus();
  });

  it("should say Skip all, since Skip ends every question of the request", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    expect(screen.queryByRole("button", { name: "Skip" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skip all" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    expect(api.calls).toEqual([{ method: "cancel", id: threeStepRecord.id }]);
  });

  it("should select without advancing when an arrow key moves through the radios", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    act(() => screen.getByRole("radio", { name: /Staging/ }).focus());
    await user.keyboard("{ArrowDown>}");
    await waitFor(() => expect(screen.getByRole("radio", { name: /Production/ })).toBeChecked());
    await user.keyboard("{/ArrowDown}");
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
  });
});

describe("given the last question answered while an earlier one is not", () => {
  it("should offer Next, not Submit, and go to the unanswered question on Enter", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    const steps = screen.getByRole("list", { name: "Questions" });
    await user.click(within(steps).getByRole("button", { name: "Notify" }));
    await user.click(screen.getByRole("radio", { name: /Only me/ }));
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Tests/ })).toHaveFocus();
    await user.keyboard(" ");
    await user.click(within(steps).getByRole("button", { name: "Notify, answered" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(api.calls.map((call) => call.method)).toEqual(["resolve"]);
  });
});

describe("given the question headers above a three-question prompt", () => {
  it("should list every header and mark the shown one as the current step", () => {
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    const steps = screen.getByRole("list", { name: "Questions" });
    const headers = within(steps).getAllByRole("button");
    expect(headers.map((header) => header.textContent)).toEqual(["Target", "Checks", "Notify"]);
    expect(within(steps).getByRole("button", { name: "Target" })).toHaveAttribute(
      "aria-current",
      "step",
    );
  });

  it("should go to a question when its header is clicked and say which are answered", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    const steps = screen.getByRole("list", { name: "Questions" });
    await user.click(within(steps).getByRole("button", { name: "Notify" }));
    expect(screen.getByText("Question 3 of 3")).toBeInTheDocument();
    expect(within(steps).getByRole("button", { name: "Target, answered" })).toBeInTheDocument();
    expect(within(steps).getByRole("button", { name: "Checks" })).not.toHaveAttribute(
      "aria-current",
    );
    expect(within(steps).getByRole("button", { name: "Notify" })).toHaveAttribute(
      "aria-current",
      "step",
    );
  });

  it("should not show headers for a single question", () => {
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    expect(screen.queryByRole("list", { name: "Questions" })).not.toBeInTheDocument();
  });
});

describe("given a single-select question", () => {
  it("should show a Recommended badge while the answer keeps the exact label", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const staging = screen.getByRole("radio", { name: "Staging Recommended" });
    await user.click(staging);
    expect(selectQuestionValue(store.getState(), singleChoiceRecord.id, "deploy_target")).toEqual([
      "Staging (Recommended)",
    ]);
  });

  it("should keep text typed in Other as free text even when it equals a label", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    await user.type(
      screen.getByRole("textbox", { name: "Your own answer for Target" }),
      "Production",
    );
    expect(screen.getByRole("radio", { name: /Production/ })).not.toBeChecked();
    expect(
      store.getState().drafts.get(singleChoiceRecord.id)?.questions.get("deploy_target"),
    ).toEqual({
      selected: [],
      otherText: "Production",
    });
  });

  it("should pick option n with digit n and focus Other with digit n+1", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    act(() => screen.getByRole("radio", { name: /Staging/ }).focus());
    await user.keyboard("2");
    expect(screen.getByRole("radio", { name: /Production/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Production/ })).toHaveFocus();
    await user.keyboard("3");
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveFocus();
  });

  it("should move the focus to the option a digit picked from the Submit button", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const submit = screen.getByRole("button", { name: "Submit" });
    act(() => submit.focus());
    await user.keyboard("1");
    const staging = screen.getByRole("radio", { name: "Staging Recommended" });
    expect(staging).toBeChecked();
    expect(staging).toHaveFocus();
    expect(submit).not.toHaveAttribute("aria-disabled");
    expect(submit).not.toHaveAccessibleDescription();
  });

  it("should name the Other field after its question and invite an own answer", () => {
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveAttribute(
      "placeholder",
      "Type your own answer here",
    );
  });

  it("should tell screen readers the digit keys, which the hidden badges show sighted users", () => {
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    expect(
      screen.getByRole("group", { name: "Where should I deploy?" }),
    ).toHaveAccessibleDescription(
      "Press 1–2 to choose Enter adds a line · Ctrl/⌘+Enter to continue",
    );
  });

  it("should do nothing for a digit pressed with Ctrl held", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    act(() => screen.getByRole("radio", { name: /Staging/ }).focus());
    await user.keyboard("{Control>}2{/Control}");
    expect(screen.getByRole("radio", { name: /Production/ })).not.toBeChecked();
  });

  it("should pick with a digit typed with Shift, as French and Belgian keyboards do", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [multiSelectRecord] });
    act(() => screen.getByRole("checkbox", { name: /Tests/ }).focus());
    await user.keyboard("{Shift>}2{/Shift}");
    expect(screen.getByRole("checkbox", { name: /Lint/ })).toBeChecked();
  });

  it("should submit with Ctrl+Enter inside Other, while plain Enter adds a line", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.type(other, "Canary{Enter}first");
    expect(other).toHaveValue("Canary\nfirst");
    expect(api.calls).toEqual([]);
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(api.calls).toEqual([
      {
        method: "resolve",
        id: singleChoiceRecord.id,
        answers: { answers: { deploy_target: ["Canary\nfirst"] } },
      },
    ]);
  });

  it("should ignore Enter while an IME is composing", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, {
      prompts: [singleChoiceRecord],
      drafts: {
        [singleChoiceRecord.id]: {
          step: 0,
          questions: { deploy_target: { selected: ["Production"], otherText: "" } },
        },
      },
    });
    const radio = screen.getByRole("radio", { name: /Production/ });
    act(() => radio.focus());
    act(() => {
      radio.dispatchEvent(
        new KeyboardEvent("keydown", {
          key: "Enter",
          keyCode: 229,
          isComposing: true,
          bubbles: true,
        }),
      );
    });
    expect(api.calls).toEqual([]);
    await user.keyboard("{Enter}");
    expect(api.calls).toHaveLength(1);
  });

  it("should skip only after the confirmation", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Keep answering" }));
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    expect(api.calls).toEqual([{ method: "cancel", id: singleChoiceRecord.id }]);
  });

  it("should never skip on Escape", async () => {
    const user = userEvent.setup();
    const { api, store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    act(() => screen.getByRole("radio", { name: /Staging/ }).focus());
    await user.keyboard("{Escape}");
    expect(api.calls).toEqual([]);
    expect([...store.getState().sessions.values()][0]?.expanded).toBe(false);
  });
});

describe("given a multi-select question", () => {
  it("should toggle on click without committing, and refuse an empty submit", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [multiSelectRecord] });
    const submit = screen.getByRole("button", { name: "Submit" });
    expect(submit).toHaveAttribute("aria-disabled", "true");
    await user.click(submit);
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    await user.click(screen.getByRole("checkbox", { name: /Lint/ }));
    expect(api.calls).toEqual([]);
    expect(screen.getByRole("checkbox", { name: /Tests/ })).toBeChecked();
    await user.click(submit);
    expect(api.calls[0]?.answers).toEqual({ answers: { checks: ["Tests", "Lint"] } });
  });

  it("should toggle with a digit and move the focus to the toggled checkbox", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [multiSelectRecord] });
    act(() => screen.getByRole("checkbox", { name: /Tests/ }).focus());
    await user.keyboard("2");
    const lint = screen.getByRole("checkbox", { name: /Lint/ });
    expect(lint).toBeChecked();
    expect(lint).toHaveFocus();
  });

  it("should toggle with Space and continue with Enter", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [multiSelectRecord] });
    act(() => screen.getByRole("checkbox", { name: /Tests/ }).focus());
    await user.keyboard(" ");
    expect(api.calls).toEqual([]);
    await user.keyboard("{ArrowDown} {Enter}");
    expect(api.calls[0]?.answers).toEqual({ answers: { checks: ["Tests", "Lint"] } });
  });
});

describe("given a question without options", () => {
  it("should render a plain field labelled by the question", () => {
    renderWithStore(<QuestionDock />, { prompts: [freeTextRecord] });
    expect(
      screen.getByRole("textbox", { name: "What should the release be called?" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("should invite an answer, not an own answer beside options that are not there", () => {
    renderWithStore(<QuestionDock />, { prompts: [freeTextRecord] });
    expect(
      screen.getByRole("textbox", { name: "What should the release be called?" }),
    ).toHaveAttribute("placeholder", "Type your answer here");
  });

  it("should say that Submit needs typed text first", () => {
    renderWithStore(<QuestionDock />, { prompts: [freeTextRecord] });
    expect(screen.getByRole("button", { name: "Submit" })).toHaveAccessibleDescription(
      "Type your answer first",
    );
  });
});

describe("given a question with a link", () => {
  it("should open it in a new tab without opener or referrer", () => {
    renderWithStore(<QuestionDock />, { prompts: [linkRecord] });
    const link = screen.getByRole("link", { name: "Open link" });
    expect(link).toHaveAttribute("href", "https://example.com/preview/42");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("should hide a link that is not http(s)", () => {
    const record = {
      ...linkRecord,
      questions: linkRecord.questions.map((question) => ({
        ...question,
        url: "javascript:alert(1)",
      })),
    };
    renderWithStore(<QuestionDock />, { prompts: [record] });
    expect(screen.queryByRole("link", { name: "Open link" })).not.toBeInTheDocument();
  });
});

describe("given the skip confirmation is open", () => {
  it("should close it on Escape without skipping or collapsing", async () => {
    const user = userEvent.setup();
    const { api, store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.getByRole("button", { name: "Keep answering" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Skip" })).toHaveFocus();
    expect(api.calls).toEqual([]);
    expect([...store.getState().sessions.values()][0]?.expanded ?? true).toBe(true);
  });
});
