import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { turnsFromHistory } from "../../src/demo/chat-turns";
import { askUserQuestionId } from "../../src/demo/history-questions";
import { Timeline } from "../../src/demo/timeline";
import { toAskUserResult } from "../../src/protocol/ask-user-result";
import type { QuestionRecord } from "../../src/protocol/types";
import { FIXTURE_SESSION_KEY } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const DEPLOY_INPUT = {
  questions: [
    {
      id: "deploy_target",
      header: "Deploy",
      question: "Where should I deploy this build?",
      options: [{ label: "Staging" }, { label: "Production" }],
    },
  ],
  timeoutSeconds: 900,
};

/** The record the gateway kept for a run's call, as the kit shows it once it ended. */
function recordOf(runId: string, callId: string, ended: Partial<QuestionRecord>): QuestionRecord {
  return {
    id: askUserQuestionId(runId, callId),
    runId,
    sessionKey: FIXTURE_SESSION_KEY,
    createdAtMs: 1_000,
    expiresAtMs: 901_000,
    status: "pending",
    questions: [
      {
        questionId: "deploy_target",
        header: "Deploy",
        question: "Where should I deploy this build?",
        options: [{ label: "Staging" }, { label: "Production" }],
        isOther: true,
      },
    ],
    ...ended,
  };
}

/** Tool Search's result as the history keeps it: the tool and its result, as JSON text. */
const envelopeOf = (text: string) =>
  JSON.stringify(
    {
      tool: { id: "openclaw:core:ask_user", name: "ask_user", source: "openclaw" },
      result: {
        content: [{ type: "text", text }],
        details: JSON.parse(text.slice(text.indexOf("\n{"))),
      },
    },
    null,
    2,
  );

/** The rows `chat.history` returns for one run that asked once and got `result` back. */
function runRows(runId: string, callId: string, result: string, toolName = "ask_user") {
  const input = toolName === "ask_user" ? DEPLOY_INPUT : { id: "ask_user", args: DEPLOY_INPUT };
  const meta = { __openclaw: { runId } };
  return [
    { role: "user", content: "deploy", timestamp: 900, idempotencyKey: `${runId}:user` },
    {
      role: "assistant",
      content: [{ type: "toolCall", id: callId, name: toolName, arguments: input }],
      timestamp: 1_000,
      ...meta,
    },
    {
      role: "toolResult",
      toolCallId: callId,
      toolName,
      content: [{ type: "text", text: toolName === "ask_user" ? result : envelopeOf(result) }],
      timestamp: 2_000,
      ...meta,
    },
    {
      role: "assistant",
      content: [{ type: "text", text: "Done." }],
      timestamp: 3_000,
      ...meta,
    },
  ];
}

const answered = recordOf("run-1", "call_1", {
  status: "answered",
  answers: { answers: { deploy_target: ["Production"] } },
});
const skipped = recordOf("run-2", "call_2", { status: "cancelled" });
const expired = recordOf("run-3", "call_3", { status: "expired" });

beforeAll(() => {
  // jsdom lays nothing out; the timeline scrolls to its end.
  Element.prototype.scrollIntoView = () => undefined;
});

/** The demo's timeline of these history rows, over a store that kept `prompts`. */
function showHistory(rows: readonly unknown[], prompts: QuestionRecord[]): void {
  const turns = turnsFromHistory(FIXTURE_SESSION_KEY, rows);
  renderWithStore(<Timeline sessionKey={FIXTURE_SESSION_KEY} turns={turns} />, { prompts });
}

const agentTurns = () => screen.getAllByRole("article", { name: /^Agent turn/ });

describe("given a conversation read back from the history, with no prompt kept on this page", () => {
  const rows = [
    ...runRows("run-1", "call_1", toAskUserResult(answered).text),
    ...runRows("run-2", "call_2", toAskUserResult(skipped).text, "tool_call"),
    ...runRows("run-3", "call_3", toAskUserResult(expired).text, "tool_call"),
  ];

  it("should show how each question ended, in the turn that asked it", () => {
    showHistory(rows, []);
    const [first, second, third] = agentTurns();
    if (first === undefined || second === undefined || third === undefined) {
      throw new Error("three agent turns expected");
    }
    const summaryOf = (turn: HTMLElement) => within(turn).getByRole("article");
    const answerLine = (turn: HTMLElement) =>
      summaryOf(turn).querySelector<HTMLElement>(".ask-summary__answer");
    expect(within(first).getByText("Where should I deploy this build?")).toBeInTheDocument();
    expect(answerLine(first)).toHaveTextContent("Deploy: Production");
    expect(summaryOf(second)).toHaveAttribute("data-status", "skipped");
    expect(summaryOf(second)).toHaveTextContent("You skipped “Deploy”.");
    expect(summaryOf(third)).toHaveAttribute("data-status", "expired");
    expect(summaryOf(third)).toHaveTextContent("“Deploy” expired.");
  });

  it("should show a question once when the page kept its prompt too", () => {
    showHistory(rows, [answered]);
    expect(screen.getAllByText("Where should I deploy this build?")).toHaveLength(3);
  });
});

describe("given a run whose question still waits", () => {
  it("should show no summary from the history for it", () => {
    const rows = runRows("run-4", "call_4", "").filter((row) => row.role !== "toolResult");
    showHistory(rows, []);
    expect(screen.queryByText("Where should I deploy this build?")).toBeNull();
  });
});

describe("given the id OpenClaw derives for a run's call", () => {
  it("should be ask_ and the first 32 hex digits of sha256(runId NUL toolCallId)", () => {
    // Seen on the real gateway: run "run-explore-1", call "call_scripted_1".
    expect(askUserQuestionId("run-explore-1", "call_scripted_1")).toBe(
      "ask_13e89885cfc388fb812de03806555533",
    );
  });
});
