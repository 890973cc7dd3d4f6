import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/protocol/types";
import { ComposerDock } from "../../src/react/composer-dock";
import { de } from "../../src/react/i18n/de";
import { makeQuestionRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const seats: Question = {
  questionId: "field_1",
  header: "Seats",
  question: "How many people use it?",
  options: [],
  isOther: true,
  field: { type: "integer", required: true, minimum: 1, maximum: 10, defaults: ["2"] },
};
const newsletter: Question = {
  questionId: "field_2",
  header: "Newsletter",
  question: "Send me the newsletter?",
  options: [{ label: "true" }, { label: "false" }],
  field: { type: "boolean", required: false, defaults: ["true"] },
};
const email: Question = {
  questionId: "field_3",
  header: "Email",
  question: "Where does the invoice go?",
  options: [],
  isOther: true,
  field: { type: "string", required: true, format: "email" },
};
const form = makeQuestionRecord([seats, newsletter, email], { id: "form_0000000000000001" });
const composer = <textarea aria-label="Message" />;

describe("given a form field with a default and bounds", () => {
  it("should pre-fill the default in a number input and say the broken rule at the field", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [form] });
    const input = screen.getByRole("spinbutton");
    expect(input).toHaveValue(2);
    expect(input).toHaveAttribute("min", "1");
    await user.clear(input);
    await user.type(input, "11");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Enter 10 or less");
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
    await user.clear(input);
    await user.type(input, "4");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled");
  });
});

describe("given a yes/no field in German", () => {
  it("should show Ja and Nein, the default chosen, and mark it optional", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [form] }, de);
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    expect(screen.getByRole("radio", { name: "Ja" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Nein" })).not.toBeChecked();
    expect(screen.getByRole("radiogroup")).toHaveAccessibleName(/\(optional\)/);
  });
});

describe("given an email field", () => {
  it("should say the rule in the user's language and keep Submit from sending", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <ComposerDock composer={composer} />,
      { prompts: [form] },
      de,
    );
    act(() => store.getState().goToStep(form.id, 2));
    const input = await screen.findByRole("textbox");
    expect(input).toHaveAttribute("type", "email");
    await user.type(input, "ada@");
    expect(input).toHaveAccessibleDescription(/E-Mail-Adresse/);
    await act(() => store.getState().submit(form.id));
    expect(store.getState().prompts.get(form.id)?.status).toBe("pending");
  });
});
