import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
import { QuestionDock } from "../../src/react/dock/question-dock";
import {
  deployTargetQuestion,
  makeQuestionRecord,
  releaseNameQuestion,
  secretQuestion,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const { isOther: _allowsOther, ...optionsOnlyQuestion } = deployTargetQuestion;
const optionsOnlyRecord = makeQuestionRecord([optionsOnlyQuestion], {
  id: "ask_0000000000000000000000000000b001",
});
const textOnlyRecord = makeQuestionRecord([{ ...releaseNameQuestion, isOther: false }], {
  id: "ask_0000000000000000000000000000b002",
});
const secretRecord = makeQuestionRecord([secretQuestion], {
  id: "ask_0000000000000000000000000000b003",
});

describe("given a question with options whose record does not allow free text", () => {
  it("should offer no Other field in the dock", () => {
    renderWithStore(<QuestionDock />, { prompts: [optionsOnlyRecord] });
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("should offer no Other field in the stacked card", () => {
    renderWithStore(<QuestionCard />, { prompts: [optionsOnlyRecord] });
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("should leave focus on the options when the digit after the last option is pressed", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [optionsOnlyRecord] });
    const staging = screen.getByRole("radio", { name: /Staging/ });
    act(() => staging.focus());
    await user.keyboard("3");
    expect(staging).toHaveFocus();
    expect(staging).not.toBeChecked();
  });
});

describe("given a question without options", () => {
  it("should still show its text field even when the record does not set isOther", () => {
    renderWithStore(<QuestionDock />, { prompts: [textOnlyRecord] });
    expect(
      screen.getByRole("textbox", { name: "What should the release be called?" }),
    ).toBeInTheDocument();
  });
});

describe("given a secret question", () => {
  it("should not describe it with the line hint, since Enter in its one-line field continues", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, { prompts: [secretRecord] });
    const field = screen.getByLabelText("Paste the API key for the staging account.");
    expect(screen.queryByText(/Enter adds a line/)).not.toBeInTheDocument();
    await user.type(field, "k{Enter}");
    expect(api.calls).toEqual([
      { method: "resolve", id: secretRecord.id, answers: { answers: { api_key: ["k"] } } },
    ]);
  });
});

describe("given a secret question rendered from compound parts", () => {
  it("should give the masked field the host's ref, props and change handler", async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLTextAreaElement | HTMLInputElement>();
    const onChange = vi.fn();
    const { store } = renderWithStore(
      <QuestionDock.Root>
        <QuestionDock.Step>
          <QuestionDock.Other ref={ref} onChange={onChange} data-testid="api-key" maxLength={64} />
        </QuestionDock.Step>
      </QuestionDock.Root>,
      { prompts: [secretRecord] },
    );
    const field = screen.getByLabelText("Paste the API key for the staging account.");
    expect(field).toHaveAttribute("type", "password");
    expect(ref.current).toBe(field);
    expect(field).toHaveAttribute("data-testid", "api-key");
    expect(field).toHaveAttribute("maxlength", "64");
    await user.type(field, "k");
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(store.getState().drafts.get(secretRecord.id)?.questions.get("api_key")?.otherText).toBe(
      "k",
    );
  });

  it("should keep the store unchanged when the host's handler prevents the default", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <QuestionDock.Root>
        <QuestionDock.Step>
          <QuestionDock.Other onChange={(event) => event.preventDefault()} />
        </QuestionDock.Step>
      </QuestionDock.Root>,
      { prompts: [secretRecord] },
    );
    await user.type(screen.getByLabelText("Paste the API key for the staging account."), "k");
    expect(
      store.getState().drafts.get(secretRecord.id)?.questions.get("api_key")?.otherText ?? "",
    ).toBe("");
  });
});
