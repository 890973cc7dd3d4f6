import { afterEach, describe, expect, it } from "vitest";
import { readAsyncQuestionMessage } from "../../src/protocol/async-questions";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createMockModelAgent } from "../../src/testing/mock-model-agent";
import { type ScriptedModel, startScriptedModel } from "../../src/testing/scripted-model";
import { rawConnect } from "../conformance/raw-client";
import {
  asyncQuestionReply,
  parseAsyncQuestionReply,
} from "../support/async-question-plugin/reply";
import { flushIo } from "./flush-io";

const DELIVERY = { itemId: "asyncq-agent-1", questions: [{ title: "Which region?" }] };

let gateway: MockGateway | null = null;
let model: ScriptedModel | null = null;
afterEach(async () => {
  await gateway?.close();
  await model?.close();
  gateway = null;
  model = null;
});

describe("given the mock gateway with a model-backed agent", () => {
  it("should end each turn with the model's reply, rewritten into an async question when marked", async () => {
    model = await startScriptedModel([
      {
        matches: (prompt) => prompt === "ask",
        askUser: null,
        reply: () => asyncQuestionReply(DELIVERY, "Which region?"),
      },
    ]);
    const agent = createMockModelAgent({
      baseUrl: model.baseUrl,
      rewriteReply: (text) => {
        const marked = parseAsyncQuestionReply(text);
        return marked === null
          ? { text }
          : { text: marked.visibleText, asyncDelivery: marked.delivery };
      },
    });
    gateway = await createMockGateway({ token: "t", onChatMessage: agent.handle });
    agent.attach(gateway);
    const client = await rawConnect(gateway.url, { token: "t", scopes: ["operator.write"] });
    for (const [message, idempotencyKey] of [
      ["ask", "run-1"],
      ["hello", "run-2"],
    ])
      await client.request("chat.send", { sessionKey: "main", message, idempotencyKey });
    await agent.idle();
    await flushIo();
    const replyOf = (runId: string) =>
      gateway
        ?.sessionMessages("main")
        .find((message) => message.role === "assistant" && message.__openclaw.runId === runId);
    const asked = replyOf("run-1");
    const plain = replyOf("run-2");
    expect(readAsyncQuestionMessage(asked)).toMatchObject({ itemId: DELIVERY.itemId });
    expect(asked?.content).toEqual([{ type: "text", text: "Which region?" }]);
    expect(plain).toMatchObject({ content: [{ text: "You said: hello" }] });
    expect(plain).not.toHaveProperty("openclawAsyncDelivery");
    const finals = client.events
      .filter((event) => event.event === "chat")
      .map((event) => event.payload as { runId: string; state: string });
    expect(
      finals
        .filter((event) => event.state === "final")
        .map((event) => event.runId)
        .sort(),
    ).toEqual(["run-1", "run-2"]);
  });
});
