import { describe, expect, it } from "vitest";
import { recordOfToolResult } from "../../src/openclaw/plugin/tool-result";
import { toAskUserResult } from "../../src/protocol/ask-user-result";

const input = {
  questions: [
    {
      id: "deploy_target",
      header: "Deploy",
      question: "Where should I deploy?",
      options: [{ label: "Staging" }, { label: "Production" }],
    },
  ],
};
const base = { sessionKey: "agent:main:main", toolName: "ask_user", toolCallId: "call_1", input };
const answered = {
  id: "call_1",
  questions: [],
  createdAtMs: 0,
  expiresAtMs: 0,
  status: "answered" as const,
  answers: { answers: { deploy_target: ["Production"] } },
};
const text = toAskUserResult({
  ...answered,
  questions: [{ questionId: "deploy_target", header: "Deploy", question: "q", options: [] }],
}).text;

describe("given the Control UI's tool result of an ask_user call", () => {
  it("should show nothing while the tool runs", () => {
    expect(recordOfToolResult({ ...base, output: { completed: false } })).toBeNull();
  });

  it("should read the answer from the result's details", () => {
    const record = recordOfToolResult({
      ...base,
      output: {
        completed: true,
        text,
        details: { status: "answered", answers: { deploy_target: ["Production"] } },
      },
    });
    expect(record).toMatchObject({
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    });
  });

  it("should read the answer from the text when a reloaded result has no details", () => {
    const record = recordOfToolResult({ ...base, output: { completed: true, text } });
    expect(record).toMatchObject({
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    });
  });

  it("should tell an expired question from a skipped one by the result's text", () => {
    const expired =
      'No answer arrived; proceed with best judgment.\n\n{\n  "status": "no_answer"\n}';
    const cancelled =
      'The question was cancelled; proceed with best judgment.\n\n{\n  "status": "no_answer"\n}';
    expect(
      recordOfToolResult({ ...base, output: { completed: true, text: expired } })?.status,
    ).toBe("expired");
    expect(
      recordOfToolResult({ ...base, output: { completed: true, text: cancelled } })?.status,
    ).toBe("cancelled");
  });

  it("should read Tool Search's tool_call envelope, and leave every other tool alone", () => {
    const viaSearch = recordOfToolResult({
      ...base,
      toolName: "tool_call",
      input: { id: "ask_user", args: input },
      output: { completed: true, text },
    });
    expect(viaSearch?.status).toBe("answered");
    expect(
      recordOfToolResult({ ...base, toolName: "exec", output: { completed: true, text } }),
    ).toBeNull();
  });

  it("should read a reloaded Tool Search result, whose text is the envelope as JSON", () => {
    // As the real gateway's history keeps it: the tool, then its result's content and details.
    const envelope = (resultText: string, details: unknown) =>
      JSON.stringify({
        tool: { id: "openclaw:core:ask_user", name: "ask_user", source: "openclaw" },
        result: { content: [{ type: "text", text: resultText }], details },
      });
    const reloaded = (resultText: string, details: unknown) =>
      recordOfToolResult({
        ...base,
        toolName: "tool_call",
        input: { id: "ask_user", args: input },
        output: { completed: true, text: envelope(resultText, details) },
      });
    const expired =
      'No answer arrived; proceed with best judgment.\n\n{\n  "status": "no_answer"\n}';
    expect(reloaded(text, { status: "answered", answers: answered.answers })).toMatchObject({
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    });
    expect(reloaded(text, undefined)?.status).toBe("answered");
    expect(reloaded(expired, { status: "no_answer" })?.status).toBe("expired");
  });
});
