import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { GatewayClient } from "../../src/gateway/types";
import { selectReplyRefusal, selectReplyTarget } from "../../src/store/selectors-prompts";
import type { QuestionStore } from "../../src/store/types";
import type { MockChatMessage } from "../../src/testing/mock-chat";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createWsSocketFactory } from "../../src/testing/ws-socket-factory";
import { startStore, until } from "./support/harness";
import { checksQuestion, targetQuestion } from "./support/records";

const SESSION = "agent:main:main";
const SCOPE = { sessionKey: SESSION, agentId: "main" };
const CHAT_SCOPES = ["operator.read", "operator.write", "operator.questions"];

let gateway: MockGateway;
let client: GatewayClient;
let store: StoreApi<QuestionStore>;
let heard: MockChatMessage[];

beforeEach(async () => {
  heard = [];
  gateway = await createMockGateway({ onChatMessage: (message) => heard.push(message) });
  client = createBackendGatewayClient({
    url: gateway.url,
    token: gateway.token,
    socketFactory: createWsSocketFactory(),
    scopes: CHAT_SCOPES,
  });
  client.connect();
  store = startStore(createQuestionApi(client), client.clock);
  await until(() => store.getState().hydration.status === "done", "the store to hydrate");
});

afterEach(async () => {
  store.getState().stop();
  client.close();
  await gateway.close();
});

const send = (message: string) =>
  client.request<{ runId: string; status: string }>("chat.send", {
    sessionKey: "main",
    message,
    idempotencyKey: randomUUID(),
  });

async function askInRun(runId: string | undefined, questions = [targetQuestion, checksQuestion]) {
  const { id } = await gateway.requestQuestion({
    questions,
    sessionKey: "main",
    ...(runId === undefined ? {} : { runId }),
  });
  await until(() => store.getState().prompts.has(id), "the question to arrive");
  return id;
}

describe("given a question a run waits on, and a chat message sent in its session", () => {
  it("should take a complete reply as the answer, resolved by plain-text, with the message's own run id", async () => {
    const id = await askInRun("run-1");
    expect(selectReplyTarget(store.getState(), SCOPE)?.id).toBe(id);
    const started = await send("Target: 2\nChecks: Tests, lint");
    expect(started.status).toBe("started");
    await until(() => store.getState().prompts.get(id)?.status === "answered", "the answer");
    // question.resolved does not say who answered: the store learns it with a question.get after.
    await until(
      () => store.getState().prompts.get(id)?.record.resolvedBy !== undefined,
      "who answered",
    );
    const entry = store.getState().prompts.get(id);
    expect(entry?.record.resolvedBy).toBe("plain-text");
    expect(entry?.answers).toEqual({
      answers: { target: ["Production"], checks: ["Tests", "Lint"] },
    });
    expect(heard).toEqual([
      {
        sessionKey: SESSION,
        message: "Target: 2\nChecks: Tests, lint",
        runId: started.runId,
        answeredQuestionId: id,
      },
    ]);
    expect(selectReplyTarget(store.getState(), SCOPE)).toBeNull();
  });

  it("should refuse a reply that leaves a question unanswered, keep the question open and say why", async () => {
    const id = await askInRun("run-1");
    await send("Target: Production");
    await until(() => selectReplyRefusal(store.getState(), id) !== null, "the refusal");
    expect(selectReplyRefusal(store.getState(), id)).toBe("question 'checks' requires an answer");
    expect(store.getState().prompts.get(id)?.status).toBe("pending");
    expect(heard).toEqual([]);

    await send("Production\nLint");
    await until(() => store.getState().prompts.get(id)?.status === "answered", "the answer");
    expect(selectReplyRefusal(store.getState(), id)).toBeNull();
  });

  it("should start a turn instead when the waiting question was not asked by a run", async () => {
    const id = await askInRun(undefined, [targetQuestion]);
    expect(selectReplyTarget(store.getState(), SCOPE)).toBeNull();
    const started = await send("2");
    await until(() => heard.length === 1, "the agent to hear the message");
    expect(heard[0]).toEqual({
      sessionKey: SESSION,
      message: "2",
      runId: started.runId,
      answeredQuestionId: null,
    });
    expect(store.getState().prompts.get(id)?.status).toBe("pending");
  });
});

describe("given chat.send params the gateway refuses", () => {
  it("should name the missing idempotency key and the empty message, as the real gateway does", async () => {
    await expect(
      client.request("chat.send", { sessionKey: "main", message: "hi" }),
    ).rejects.toThrow("invalid chat.send params: must have required property 'idempotencyKey'");
    await expect(
      client.request("chat.send", { sessionKey: "main", message: " ", idempotencyKey: "k" }),
    ).rejects.toThrow("message or attachment required");
  });

  it("should refuse a connection without operator.write", async () => {
    const reader = createBackendGatewayClient({
      url: gateway.url,
      token: gateway.token,
      socketFactory: createWsSocketFactory(),
    });
    reader.connect();
    try {
      await until(() => reader.getState().status === "connected", "the reader to connect");
      await expect(
        reader.request("chat.send", { sessionKey: "main", message: "hi", idempotencyKey: "k" }),
      ).rejects.toThrow("missing scope: operator.write");
    } finally {
      reader.close();
    }
  });
});
