import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
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

/** The dock (or the card) over a real MCP client's forms; the server elicits `schema`. */
async function showForm(schema: unknown, dictionary: Dictionary = en, card = false) {
  const forms = await connectForms();
  render(
    <QuestionsProvider store={forms.store} sessionKey={SESSION_KEY} dictionary={dictionary}>
      {card ? <QuestionCard /> : <ComposerDock composer={composer} />}
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

describe("given a blank required field", () => {
  it("should say why at the field once the user tried Next, not before", async () => {
    const user = userEvent.setup();
    await showForm(ZIP_FORM);
    await screen.findByRole("textbox");
    expect(shownIssue()).toBe("");
    await user.click(nextButton());
    expect(shownIssue()).toBe("This field needs an answer");
    expect(within(document.body).getByText("This field needs an answer")).toBeVisible();
    await user.type(screen.getByRole("textbox"), "10115");
    expect(shownIssue()).toBe("");
  });

  it("should say why once the user pressed Enter in it", async () => {
    const user = userEvent.setup();
    await showForm(ZIP_FORM);
    await user.type(await screen.findByRole("textbox"), "10115");
    await user.click(nextButton());
    await user.click(await screen.findByRole("spinbutton"));
    expect(shownIssue()).toBe("");
    await user.keyboard("{Enter}");
    expect(shownIssue()).toBe("This field needs an answer");
  });

  it("should say why once the user left the field", async () => {
    const user = userEvent.setup();
    await showForm(ZIP_FORM);
    await user.click(await screen.findByRole("textbox"));
    expect(shownIssue()).toBe("");
    await user.tab();
    expect(shownIssue()).toBe("This field needs an answer");
  });
});

describe("given blank required fields in the card", () => {
  it("should say at each field why Submit waits, once the user pressed it", async () => {
    const user = userEvent.setup();
    await showForm(ZIP_FORM, en, true);
    const issues = () =>
      [...document.querySelectorAll(".ask-step__issue")].map((issue) => issue.textContent);
    await screen.findByRole("spinbutton");
    expect(issues()).toEqual(["", ""]);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(issues()).toEqual(["This field needs an answer", "This field needs an answer"]);
  });
});

describe("given optional steps the user never touched", () => {
  it("should tick only what the user answered or saw with a default", async () => {
    const user = userEvent.setup();
    await showForm({
      type: "object",
      properties: {
        name: { type: "string", title: "Name" },
        note: { type: "string", title: "Note" },
        newsletter: { type: "boolean", title: "Newsletter", default: true },
        plan: {
          type: "string",
          title: "Plan",
          oneOf: [
            { const: "free", title: "Free" },
            { const: "pro", title: "Pro" },
          ],
          default: "pro",
        },
      },
      required: ["name"],
    });
    await user.type(await screen.findByRole("textbox"), "Ada");
    const steps = () => screen.getByRole("list", { name: "Questions" });
    const stateOf = (header: string) =>
      within(steps())
        .getByRole("button", { name: new RegExp(`^${header}`) })
        .getAttribute("data-step");
    await user.click(within(steps()).getByRole("button", { name: "Plan" }));
    expect(screen.getByText("Question 4 of 4")).toBeInTheDocument();
    expect(stateOf("Name")).toBe("complete");
    // Optional and empty: nothing answered. A default never shown: not the user's answer yet.
    expect(stateOf("Note")).toBe("upcoming");
    expect(stateOf("Newsletter")).toBe("upcoming");
    await user.click(within(steps()).getByRole("button", { name: "Note" }));
    // Plan was seen with its default chosen: that is an answer.
    expect(stateOf("Plan")).toBe("complete");
    expect(within(steps()).getByRole("button", { name: "Plan, answered" })).toBeInTheDocument();
  });
});
