import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { de } from "../../src/react/i18n/de";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { singleChoiceRecord, threeStepRecord } from "../../src/testing/fixtures";
import { renderWithStore, unconfirmedEntry } from "./support";

const mcpForm: QuestionRecord = {
  ...threeStepRecord,
  origin: "mcp",
  message: "Sign up for the hosted plan.",
};
const chatCall: QuestionRecord = { ...singleChoiceRecord, origin: "chat" };

describe("given a request that ended unseen, by who asked it", () => {
  it("should name the gateway, the chat or the MCP server", () => {
    const gateway = render(<AnswerSummary record={singleChoiceRecord} />);
    expect(gateway.container).toHaveTextContent("The gateway no longer has “Target”");
    gateway.unmount();
    const chat = render(<AnswerSummary record={chatCall} />);
    expect(chat.container).toHaveTextContent("The chat no longer waits for “Target”.");
    chat.unmount();
    const mcp = render(<AnswerSummary record={{ ...mcpForm, questions: chatCall.questions }} />);
    expect(mcp.container).toHaveTextContent("The MCP server no longer waits for “Target”");
    expect(mcp.container).not.toHaveTextContent(/gateway/i);
  });

  it("should say so of an unconfirmed answer too, in German as well", () => {
    const mcp = { ...mcpForm, questions: chatCall.questions };
    const english = render(<AnswerSummary entry={unconfirmedEntry(mcp)} />);
    expect(english.container).toHaveTextContent("the MCP server's request ended");
    english.unmount();
    const german = render(<AnswerSummary entry={unconfirmedEntry(mcp)} dictionary={de} />);
    expect(german.container).toHaveTextContent("Die Anfrage des MCP-Servers ist beendet");
    expect(german.container).not.toHaveTextContent(/Gateway/);
  });
});

describe("given an MCP form in the dock", () => {
  it("should show its message above its fields, apart from the question", () => {
    renderWithStore(<QuestionDock />, { prompts: [mcpForm] });
    const message = screen.getByText("Sign up for the hosted plan.");
    expect(message.closest("p")).toHaveClass("ask-prompt__message");
    const [first] = mcpForm.questions;
    expect(screen.getByText(first?.question ?? "")).not.toHaveTextContent("Sign up");
    expect(screen.getByRole("region", { name: "Form from the MCP server" })).toBeInTheDocument();
  });

  it("should say on Skip that the MCP server is told the user declined", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, { prompts: [mcpForm] });
    await user.click(screen.getByRole("button", { name: "Skip all" }));
    expect(
      screen.getByText("Skip this form? The MCP server is told that you declined."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The agent continues/)).not.toBeInTheDocument();
  });
});
