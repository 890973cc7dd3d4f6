import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { freeTextRecord, singleChoiceRecord, threeStepRecord } from "../../src/testing/fixtures";
import { patchPrompt as endPrompt, renderWithStore, stubMediaQueries } from "./support";

const composer = <textarea aria-label="Message" />;

function expectFocusKept() {
  expect(document.activeElement).not.toBeNull();
  expect(document.activeElement).not.toBe(document.body);
}

function isTextField(element: Element | null): boolean {
  return element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement;
}

/** A phone: a coarse pointer without hover, so the stacked card and no keyboard pop-ups. */
function emulateTouchScreen() {
  stubMediaQueries((query) => query.includes("pointer: coarse") || query.includes("hover: none"));
}

describe("given an answer being submitted in the dock", () => {
  it("should keep the focus on the read-only Submit, then hand it to the composer", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    const submit = screen.getByRole("button", { name: "Submit" });
    await user.click(submit);
    expect(screen.getByText("Sending your answer…")).toBeInTheDocument();
    expect(submit).toHaveFocus();
    expect(submit).toHaveAttribute("aria-disabled", "true");
    endPrompt(store, singleChoiceRecord.id, { status: "answered" });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});

describe("given a composer whose first field cannot take the focus", () => {
  // A host's composer may hold a field before its message field that is disabled or hidden (an
  // attachment caption, a panel of its own): the focus must go on to the message field, not fall
  // to the page, where the keys typed next are lost.
  const withDisabledField = (
    <>
      <textarea aria-label="Caption" disabled />
      <textarea aria-label="Message" />
    </>
  );

  it("should hand the focus to the message field once the answer is in, and keep what is typed next", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={withDisabledField} />, {
      prompts: [singleChoiceRecord],
    });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    endPrompt(store, singleChoiceRecord.id, { status: "answered" });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
    await user.keyboard("next");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("next");
  });

  it("should hand it to the message field when the dock collapses to the bar", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={withDisabledField} />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});

describe("given a skip confirmed in the dock", () => {
  it("should keep the focus in the confirmation while the skip is sent, then give it to the composer", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [threeStepRecord],
    });
    await user.click(screen.getByRole("button", { name: "Skip all" }));
    expect(screen.getByRole("button", { name: "Keep answering" })).toHaveFocus();
    const confirm = screen.getByRole("button", { name: "Yes, skip" });
    await user.click(confirm);
    expectFocusKept();
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: "Keep answering" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    endPrompt(store, threeStepRecord.id, { status: "cancelled" });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});

describe("given a failed send retried", () => {
  it("should keep the focus on Try again while the answer is sent again", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [
        {
          record: singleChoiceRecord,
          error: { questionId: null, code: "UNAVAILABLE", reason: null, message: "lost" },
        },
      ],
      drafts: {
        [singleChoiceRecord.id]: {
          step: 0,
          questions: { deploy_target: { selected: ["Production"], otherText: "" } },
        },
      },
    });
    const retry = screen.getByRole("button", { name: "Try again" });
    await user.click(retry);
    expect(screen.getByText("Sending your answer…")).toBeInTheDocument();
    expect(retry).toHaveFocus();
    expect(retry).toHaveAttribute("aria-disabled", "true");
  });
});

describe("given a touch screen", () => {
  beforeEach(emulateTouchScreen);
  afterEach(() => vi.unstubAllGlobals());

  it("should focus no text field after a skip, and never drop the focus to the page", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [threeStepRecord],
    });
    await user.click(screen.getByRole("button", { name: "Skip all" }));
    expectFocusKept();
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    expectFocusKept();
    endPrompt(store, threeStepRecord.id, { status: "cancelled" });
    expectFocusKept();
    expect(isTextField(document.activeElement)).toBe(false);
  });

  it("should focus no text field after a submit", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expectFocusKept();
    endPrompt(store, singleChoiceRecord.id, { status: "answered" });
    expectFocusKept();
    expect(isTextField(document.activeElement)).toBe(false);
  });

  it("should focus the bar's button, not the composer's field, on collapse", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [singleChoiceRecord] });
    await user.click(screen.getByRole("button", { name: "Collapse question" }));
    expect(screen.getByRole("button", { name: "Show question" })).toHaveFocus();
  });

  it("should focus no text field when a free-text question follows the answered one", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [
        singleChoiceRecord,
        { record: { ...freeTextRecord, createdAtMs: singleChoiceRecord.createdAtMs + 1 } },
      ],
    });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    endPrompt(store, singleChoiceRecord.id, { status: "answered" });
    expect(
      screen.getByRole("group", { name: freeTextRecord.questions[0]?.question ?? "" }),
    ).toBeVisible();
    expectFocusKept();
    expect(isTextField(document.activeElement)).toBe(false);
  });
});

describe("given the request arrows at the last request", () => {
  it("should keep the focus on the arrow just pressed, read-only there", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [
        singleChoiceRecord,
        { record: { ...threeStepRecord, createdAtMs: singleChoiceRecord.createdAtMs + 1 } },
      ],
    });
    const next = screen.getByRole("button", { name: "Next request" });
    await user.click(next);
    expect(screen.getByRole("navigation", { name: "Pending requests" })).toHaveTextContent("2/2");
    expectFocusKept();
    expect(screen.getByRole("button", { name: "Next request" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });
});
