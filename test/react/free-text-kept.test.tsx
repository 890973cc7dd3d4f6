import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { selectQuestionValue } from "../../src/store/selectors-drafts";
import { singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const PROMPT = singleChoiceRecord.id;
const answer = (store: ReturnType<typeof renderWithStore>["store"]) =>
  selectQuestionValue(store.getState(), PROMPT, "deploy_target");

describe("given free text typed in a single-select question, then an option clicked", () => {
  it("should keep the typed text, visibly not chosen, and answer with the option", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.type(other, "Canary at 5%");
    await user.click(screen.getByRole("radio", { name: /Production/ }));

    expect(other).toHaveValue("Canary at 5%");
    expect(other).toHaveAttribute("data-chosen", "false");
    expect(other).toHaveAccessibleDescription(/not chosen/i);
    expect(answer(store)).toEqual(["Production"]);
  });

  it("should answer with the typed text again once the user returns to it", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.type(other, "Canary at 5%");
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(other);

    expect(answer(store)).toEqual(["Canary at 5%"]);
    expect(screen.getByRole("radio", { name: /Production/ })).not.toBeChecked();
    expect(other).not.toHaveAttribute("data-chosen", "false");
  });
});
