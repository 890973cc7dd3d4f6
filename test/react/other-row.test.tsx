import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { multiSelectRecord, singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

/** The option row the Other field sits in. */
const rowOf = (field: HTMLElement) => field.closest(".ask-option");

describe("given a single-select question with an Other field", () => {
  it("should show Other as the option row after the options, with its digit", () => {
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    expect(rowOf(other)).toHaveTextContent("3");
    expect(rowOf(other)).toHaveAttribute("data-state", "unchecked");
  });

  it("should look checked while the typed text is the answer, and not once an option is picked", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.type(other, "Canary");
    expect(rowOf(other)).toHaveAttribute("data-state", "checked");
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    expect(rowOf(other)).toHaveAttribute("data-state", "unchecked");
  });

  it("should put the focus in the field when its row is clicked", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    const digit = rowOf(other)?.querySelector(".ask-option__digit");
    if (!(digit instanceof HTMLElement)) throw new Error("the Other row shows no digit");
    await user.click(digit);
    expect(other).toHaveFocus();
  });
});

describe("given a multi-select question with an Other field", () => {
  it("should look checked beside checked options while it holds text", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [multiSelectRecord] });
    await user.click(screen.getByRole("checkbox", { name: /Lint/ }));
    const other = screen.getByRole("textbox", { name: "Your own answer for Checks" });
    await user.type(other, "Docs build");
    expect(rowOf(other)).toHaveAttribute("data-state", "checked");
    expect(rowOf(other)).toHaveAttribute("data-kind", "multiple");
    expect(screen.getByRole("checkbox", { name: /Lint/ })).toBeChecked();
  });
});
