import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { de } from "../../src/react/i18n/de";
import { type Dictionary, en } from "../../src/react/i18n/en";
import { QuestionsProvider } from "../../src/react/provider";
import { connectForms, SESSION_KEY } from "../mcp/support";

const composer = <textarea aria-label="Message" />;

const ZIP_FORM = {
  type: "object",
  properties: {
    zip: {
      type: "string",
      title: "Zip",
      description: "Five digits, e.g. 10115",
      pattern: "^[0-9]{5}$",
    },
    boxes: { type: "integer", title: "Boxes", description: "Sold in fives.", multipleOf: 5 },
  },
  required: ["zip", "boxes"],
} as const;

/** The dock over a real MCP client's forms; the server elicits `schema`. */
async function showForm(schema: unknown, dictionary: Dictionary = en) {
  const forms = await connectForms();
  render(
    <QuestionsProvider store={forms.store} sessionKey={SESSION_KEY} dictionary={dictionary}>
      <ComposerDock composer={composer} />
    </QuestionsProvider>,
  );
  const result = forms.elicit(schema);
  const entry = await act(() => forms.waiting());
  return { ...forms, result, entry };
}

/** What the shown field says about its answer, as a sighted user reads it. */
const shownIssue = () => document.querySelector(".ask-step__issue")?.textContent ?? "";

const nextButton = () => screen.getByRole("button", { name: /^(Next|Submit|Weiter|Senden)$/ });

describe("given an MCP field with a pattern", () => {
  it("should say at the field the form its description asks for, and not move on", async () => {
    const user = userEvent.setup();
    const { accepted } = await showForm(ZIP_FORM);
    const input = await screen.findByRole("textbox");
    await user.type(input, "abc");
    expect(shownIssue()).toBe("Use the form this field asks for: Five digits, e.g. 10115");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(
      "Use the form this field asks for: Five digits, e.g. 10115",
    );
    expect(nextButton()).toHaveAttribute("aria-disabled", "true");
    await user.click(nextButton());
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
    expect(accepted()).toEqual([]);
  });

  it("should name a rule it has no sentence for, in the user's language", async () => {
    const user = userEvent.setup();
    await showForm(ZIP_FORM, de);
    await user.type(await screen.findByRole("textbox"), "10115");
    await user.click(nextButton());
    const boxes = await screen.findByRole("spinbutton");
    await user.type(boxes, "7");
    expect(shownIssue()).toBe("Die Regel des Servers multipleOf 5 ist nicht erfüllt");
    await user.clear(boxes);
    await user.type(boxes, "15");
    expect(shownIssue()).toBe("");
    expect(nextButton()).not.toHaveAttribute("aria-disabled");
  });
});
