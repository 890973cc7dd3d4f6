import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent, ToolMessage } from "langchain";
import { describe, expect, it } from "vitest";
import { ScriptedChatModel } from "../../scripts/langgraph/scripted-chat-model";
import { askUserTool } from "../../src/langgraph/agent/ask-user-tool";

const question = (id: string) => ({
  id,
  header: "Color",
  question: "Which color?",
  options: [{ label: "Red" }, { label: "Blue" }],
});

function agent() {
  return createAgent({
    model: new ScriptedChatModel(),
    tools: [askUserTool()],
    checkpointer: new MemorySaver(),
  });
}

type Interrupted = { __interrupt__?: Array<{ id: string; value: unknown }>; messages?: unknown[] };

async function call(args: unknown, threadId: string) {
  const graph = agent();
  const config = { configurable: { thread_id: threadId } };
  const text = `/call ask_user ${JSON.stringify(args)}`;
  const paused = (await graph.invoke(
    { messages: [{ role: "user", content: text }] },
    config,
  )) as Interrupted;
  return { graph, config, paused };
}

function toolMessages(state: Interrupted): ToolMessage[] {
  return (state.messages ?? []).filter((message): message is ToolMessage =>
    ToolMessage.isInstance(message),
  );
}

describe("given the LangChain ask_user tool in an agent", () => {
  it("should pause with a headless-tool interrupt carrying the checked input", async () => {
    const { paused } = await call({ questions: [question("color")] }, "t1");
    const [pending] = paused.__interrupt__ ?? [];
    expect(pending?.value).toMatchObject({
      type: "tool",
      toolCall: {
        name: "ask_user",
        args: { questions: [{ id: "color" }], timeoutSeconds: 900 },
      },
    });
  });

  it("should give the model the page's result byte for byte, bare or keyed by the call id", async () => {
    const result = { status: "answered", answers: { answers: { color: ["Blue"] } } };
    for (const wrapped of [false, true]) {
      const { graph, config, paused } = await call(
        { questions: [question("color")] },
        `t${wrapped}`,
      );
      const [pending] = paused.__interrupt__ ?? [];
      const callId = (pending?.value as { toolCall?: { id: string } } | undefined)?.toolCall?.id;
      expect(callId).toMatch(/^call_/);
      const resume = wrapped ? { [String(callId)]: result } : result;
      const done = (await graph.invoke(new Command({ resume }), config)) as Interrupted;
      const [message] = toolMessages(done);
      expect(message?.content).toBe(JSON.stringify(result));
      expect(message?.status).toBe("success");
    }
  });

  it("should refuse a call outside the contract with each bad field, without quoting huge text", async () => {
    const questions = Array.from({ length: 7 }, (_, index) => question(`q_${index}`));
    const { paused } = await call({ questions }, "t7");
    expect(paused.__interrupt__ ?? []).toEqual([]);
    const [message] = toolMessages(paused);
    expect(message?.status).toBe("error");
    expect(String(message?.content)).toMatch(/ask_user was not called.*\nquestions: /s);

    const huge = "x".repeat(100_000);
    const big = await call({ questions: [{ ...question("color"), question: huge }] }, "t8");
    const [refusal] = toolMessages(big.paused);
    expect(String(refusal?.content)).toMatch(/questions\[0\]\.question: must be at most 2000/);
    expect(String(refusal?.content).length).toBeLessThan(1_000);
  });

  it("should tell the model when the resume is no result it can read", async () => {
    const { graph, config } = await call({ questions: [question("color")] }, "t9");
    const done = (await graph.invoke(
      new Command({ resume: { status: "maybe" } }),
      config,
    )) as Interrupted;
    const [message] = toolMessages(done);
    expect(message?.status).toBe("error");
    expect(String(message?.content)).toMatch(/cannot read/);
  });

  it("should refuse a __proto__ key that a copy made the prototype, naming it", async () => {
    const parsed: unknown = JSON.parse(
      JSON.stringify({ ...question("color") }).replace("{", '{"__proto__":{"evil":true},'),
    );
    // What a copy on the way does to an own `__proto__` key: it becomes the prototype.
    const copied: unknown = Object.assign({}, parsed);
    await expect(askUserTool().invoke({ questions: [copied] })).rejects.toThrow(
      /questions\[0\]\.__proto__: is not an allowed property/,
    );
  });
});
