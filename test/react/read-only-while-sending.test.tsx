import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { multiSelectRecord, singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

describe("given an answer being sent", () => {
  it("should show the options and the Other field as read-only next to the sending sentence", () => {
    renderWithStore(<QuestionDock />, {
      prompts: [{ record: singleChoiceRecord, status: "submitting" }],
    });
    expect(screen.getByRole("status")).toHaveTextContent("Sending your answer");
    for (const radio of screen.getAllByRole("radio")) expect(radio).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toBeDisabled();
  });

  it("should keep the focus in the question when the field it was in locks", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByRole("status")).toHaveTextContent("Sending your answer");
    const dock = screen.getByRole("region", { name: "Question from the agent" });
    const focused = document.activeElement;
    expect(dock.contains(focused)).toBe(true);
    expect(focused).not.toBeDisabled();
  });

  it("should disable the checkboxes of a multi-select question in the card", () => {
    renderWithStore(<QuestionCard />, {
      prompts: [{ record: multiSelectRecord, status: "submitting" }],
    });
    for (const checkbox of screen.getAllByRole("checkbox")) expect(checkbox).toBeDisabled();
  });
});

describe("given an answer queued until the connection returns", () => {
  it("should disable the fields while keeping Skip available", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionDock />, {
      prompts: [{ record: singleChoiceRecord, status: "queued" }],
    });
    expect(screen.getByRole("status")).toHaveTextContent(/offline/);
    const production = screen.getByRole("radio", { name: /Production/ });
    expect(production).toBeDisabled();
    await user.click(production);
    expect(production).not.toBeChecked();
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.getByRole("button", { name: "Yes, skip" })).toBeEnabled();
    expect(store.getState().prompts.get(singleChoiceRecord.id)?.status).toBe("queued");
  });
});

describe("given the sending fails", () => {
  it("should make the fields editable again", () => {
    renderWithStore(<QuestionDock />, {
      prompts: [
        {
          record: singleChoiceRecord,
          status: "pending",
          error: {
            questionId: null,
            code: "UNAVAILABLE",
            reason: null,
            message: "The gateway is unreachable.",
          },
        },
      ],
    });
    for (const radio of screen.getAllByRole("radio")) expect(radio).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toBeEnabled();
  });
});
