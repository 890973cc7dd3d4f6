import { afterEach, describe, expect, it } from "vitest";
import { type ScriptedModel, startScriptedModel } from "../../src/testing/scripted-model";

const ASK = {
  questions: [
    {
      id: "deploy_target",
      header: "Target",
      question: "Where should I deploy?",
      options: [{ label: "Staging" }, { label: "Production" }],
    },
  ],
};
const INTERNAL = {
  role: "user",
  content: "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\nnotes\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>",
};
const PROMPT = {
  role: "user",
  content: "[Tue 2026-12-01 08:12 UTC] deploy\n\nRuntime: agent=main | session=agent:main:main",
};
const RESULT_TEXT = 'Target: Staging\n\n{\n  "status": "answered"\n}';

let model: ScriptedModel | null = null;
afterEach(async () => {
  await model?.close();
  model = null;
});

async function start(): Promise<ScriptedModel> {
  model = await startScriptedModel([
    {
      matches: (prompt) => prompt === "deploy",
      askUser: ASK,
      reply: (result) => `You chose:\n${result ?? "nothing"}`,
    },
  ]);
  return model;
}

type Delta = {
  content?: string | null;
  tool_calls?: Array<{ function: { name: string; arguments: string } }>;
};

/** Posts like the gateway does and collects the streamed deltas. */
async function complete(target: ScriptedModel, body: object): Promise<Delta[]> {
  const response = await fetch(`${target.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer scripted-local" },
    body: JSON.stringify({ model: "scripted-1", stream: true, ...body }),
  });
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const frames = (await response.text())
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "));
  expect(frames.at(-1)).toBe("data: [DONE]");
  return frames
    .slice(0, -1)
    .map(
      (frame) => (JSON.parse(frame.slice(6)) as { choices: [{ delta: Delta }] }).choices[0].delta,
    );
}

const tools = (...names: string[]) =>
  names.map((name) => ({ type: "function", function: { name } }));

describe("given a turn whose prompt a scenario matches", () => {
  it("should call ask_user with the scenario's input, past the time prefix and the internal context", async () => {
    const target = await start();
    const deltas = await complete(target, {
      messages: [PROMPT, INTERNAL],
      tools: tools("ask_user"),
    });
    const call = deltas.flatMap((delta) => delta.tool_calls ?? [])[0];
    expect(call?.function.name).toBe("ask_user");
    expect(JSON.parse(call?.function.arguments ?? "null")).toEqual(ASK);
  });

  it("should find the prompt of a web chat client past the gateway's conversation info block", async () => {
    const target = await start();
    const webChat = {
      role: "user",
      content:
        '[Tue 2026-12-01 13:35 UTC] Conversation info: x\n```json\n{"sender":{"id":"gateway-owner"}}\n```\n\ndeploy\n\nRuntime: agent=main | channel=webchat',
    };
    const deltas = await complete(target, {
      messages: [webChat, INTERNAL],
      tools: tools("ask_user"),
    });
    const call = deltas.flatMap((delta) => delta.tool_calls ?? [])[0];
    expect(call?.function.name).toBe("ask_user");
  });

  it("should quote the tool result in its reply and record what the agent received", async () => {
    const target = await start();
    const deltas = await complete(target, {
      messages: [
        PROMPT,
        { role: "assistant", content: null },
        { role: "tool", tool_call_id: "callx1", content: RESULT_TEXT },
        INTERNAL,
      ],
      tools: tools("ask_user"),
    });
    expect(deltas.map((delta) => delta.content ?? "").join("")).toBe(`You chose:\n${RESULT_TEXT}`);
    expect(target.toolResults).toEqual([
      { toolCallId: "callx1", content: RESULT_TEXT, text: RESULT_TEXT },
    ]);
  });

  it("should go through Tool Search's tool_call when ask_user is not offered, and unwrap its result", async () => {
    const target = await start();
    const first = await complete(target, {
      messages: [PROMPT, INTERNAL],
      tools: tools("tool_call", "tool_search"),
    });
    const call = first.flatMap((delta) => delta.tool_calls ?? [])[0];
    expect(call?.function.name).toBe("tool_call");
    expect(JSON.parse(call?.function.arguments ?? "null")).toEqual({ id: "ask_user", args: ASK });

    const envelope = JSON.stringify({
      tool: { id: "ask_user", name: "ask_user", source: "core" },
      result: { content: [{ type: "text", text: RESULT_TEXT }], details: {} },
    });
    await complete(target, {
      messages: [
        PROMPT,
        { role: "tool", tool_call_id: "callx2", content: [{ type: "text", text: envelope }] },
      ],
      tools: tools("tool_call"),
    });
    expect(target.toolResults.map((result) => [result.content, result.text])).toEqual([
      [envelope, RESULT_TEXT],
    ]);
  });
});

describe("given a prompt no scenario matches", () => {
  it("should answer in plain text and call no tool", async () => {
    const target = await start();
    const deltas = await complete(target, {
      messages: [{ role: "user", content: "[Tue 2026-12-01 08:12 UTC] hello" }, INTERNAL],
      tools: tools("ask_user"),
    });
    expect(deltas.some((delta) => delta.tool_calls !== undefined)).toBe(false);
    expect(deltas.map((delta) => delta.content ?? "").join("")).toBe("You said: hello");
    expect(target.requests).toHaveLength(1);
  });
});
