import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { GatewayClient, QuestionApi } from "../../src/gateway/types";
import { toAskUserResult } from "../../src/protocol/ask-user-result";
import { parseReplyRefusal } from "../../src/protocol/chat-reply";
import type { Question, QuestionRecord } from "../../src/protocol/types";
import { createMockGateway } from "../../src/testing/mock-gateway";
import { type ScriptedModel, startScriptedModel } from "../../src/testing/scripted-model";
import { createWsSocketFactory } from "../../src/testing/ws-socket-factory";
import { type GatewayPeer, startPeer } from "../conformance/peers";
import { until } from "./until";

const DEPLOY = {
  questions: [
    {
      id: "deploy_target",
      header: "Target",
      question: "Where should I deploy?",
      options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
    },
  ],
};
const TWO_QUESTIONS = {
  questions: [
    ...DEPLOY.questions,
    {
      id: "checks",
      header: "Checks",
      question: "Which checks should run?",
      options: [{ label: "Tests" }, { label: "Lint" }],
      multiSelect: true,
    },
  ],
};
const SCOPES = ["operator.read", "operator.write", "operator.questions", "operator.admin"];
/** The shortest timeout `ask_user` allows. */
const MIN_TIMEOUT_SECONDS = 30;

/** The stored form of `ask_user` questions (every one takes free text). */
function asRecordQuestions(questions: ReadonlyArray<Record<string, unknown>>): Question[] {
  return questions.map(
    ({ id, ...rest }) => ({ ...rest, questionId: String(id), isOther: true }) as Question,
  );
}

/** A refused then an accepted chat reply to a question a run waits on, as one gateway handled them. */
async function observePlainText(
  client: GatewayClient,
  api: QuestionApi,
  ask: () => Promise<QuestionRecord>,
) {
  const ends = new Map<string, { state: unknown; reason: string | null }>();
  const unsubscribe = client.subscribe((event) => {
    if (event.type !== "event" || event.frame.event !== "chat") return;
    const payload = event.frame.payload as { runId?: string; state?: string };
    if (payload.runId === undefined || (payload.state !== "final" && payload.state !== "error"))
      return;
    ends.set(payload.runId, {
      state: payload.state,
      reason: parseReplyRefusal(payload)?.reason ?? null,
    });
  });
  try {
    const question = await ask();
    const send = (message: string) =>
      client.request<Record<string, unknown>>("chat.send", {
        sessionKey: "main",
        message,
        idempotencyKey: randomUUID(),
      });
    const refused = await send("Target: Production");
    const refusal = await until(() => ends.get(String(refused.runId)), "the refusal");
    const stillPending = (await api.get(question.id)).status;
    const accepted = await send("Target: 2\nChecks: tests, Lint");
    const acceptedEnd = await until(() => ends.get(String(accepted.runId)), "the accepted reply");
    const record = await until(async () => {
      const current = await api.get(question.id);
      return current.status === "pending" ? undefined : current;
    }, "the answered record");
    return {
      response: Object.keys(refused).sort(),
      status: refused.status,
      refusal: refusal.reason,
      refusalState: refusal.state,
      stillPending,
      acceptedEnd,
      record: { status: record.status, resolvedBy: record.resolvedBy, answers: record.answers },
    };
  } finally {
    unsubscribe();
  }
}

describe.each([
  { surface: "ask_user offered directly", toolSearch: false },
  { surface: "Tool Search's tool_call", toolSearch: true },
])("given a real agent turn that calls ask_user through $surface", ({ toolSearch }) => {
  let model: ScriptedModel;
  let peer: GatewayPeer;
  let client: GatewayClient;
  let api: QuestionApi;

  beforeAll(async () => {
    model = await startScriptedModel([
      {
        matches: (prompt) => prompt.startsWith("deploy"),
        askUser: DEPLOY,
        reply: (result) => `Going ahead with:\n${result ?? "nothing"}`,
      },
      {
        matches: (prompt) => prompt === "two",
        askUser: TWO_QUESTIONS,
        reply: (result) => `Both noted:\n${result ?? "nothing"}`,
      },
      {
        matches: (prompt) => prompt === "quick",
        askUser: { ...DEPLOY, timeoutSeconds: MIN_TIMEOUT_SECONDS },
        reply: (result) => `Moving on:\n${result ?? "nothing"}`,
      },
    ]);
    peer = await startPeer("real", { model: { baseUrl: model.baseUrl, toolSearch } });
    client = createBackendGatewayClient({
      url: peer.url,
      token: peer.token,
      socketFactory: createWsSocketFactory(),
      scopes: SCOPES,
    });
    client.connect();
    api = createQuestionApi(client);
    await until(() => (client.getState().status === "connected" ? true : undefined), "connect");
  });

  afterAll(async () => {
    for (const record of (await api?.list().catch(() => [])) ?? []) {
      await api.cancel(record.id).catch(() => undefined);
    }
    client?.close();
    await peer?.close();
    await model?.close();
  });

  /** Sends a chat message that starts a turn; resolves with the question it asks. */
  async function askThroughTurn(message = "deploy"): Promise<QuestionRecord> {
    const runId = randomUUID();
    await client.request("chat.send", {
      sessionKey: "main",
      message,
      idempotencyKey: runId,
    });
    return await until(
      async () => (await api.list()).find((record) => record.runId === runId),
      "the agent's question",
    );
  }

  /** The tool's text the agent received; through Tool Search it came inside the `tool_call` envelope. */
  async function receivedAfter(count: number): Promise<string> {
    const result = await until(() => model.toolResults[count], "the tool result at the model");
    expect(result.content !== result.text).toBe(toolSearch);
    return result.text;
  }

  it("should give the agent exactly the kit's own result for an answer", async () => {
    const before = model.toolResults.length;
    const question = await askThroughTurn();
    await api.resolve(question.id, { answers: { deploy_target: ["Production"] } });
    const received = await receivedAfter(before);
    expect(received).toBe(toAskUserResult(await api.get(question.id)).text);
    expect(received.startsWith("Target: Production")).toBe(true);
  });

  it("should give the agent the kit's own no_answer result for a Skip", async () => {
    const before = model.toolResults.length;
    const question = await askThroughTurn();
    await api.cancel(question.id);
    const received = await receivedAfter(before);
    const record = await api.get(question.id);
    expect(record.status).toBe("cancelled");
    expect(received).toBe(toAskUserResult(record).text);
  });

  it("should give the agent the kit's own no_answer result when nobody answers in time", async () => {
    const before = model.toolResults.length;
    const question = await askThroughTurn("quick");
    expect(question.expiresAtMs - question.createdAtMs).toBe(MIN_TIMEOUT_SECONDS * 1000);
    const received = await receivedAfter(before);
    const record = await until(async () => {
      const current = await api.get(question.id);
      return current.status === "pending" ? undefined : current;
    }, "the expired record");
    expect(record.status).toBe("expired");
    expect(received).toBe(toAskUserResult(record).text);
  });

  it("should cancel the question as requester-inactive on Abort, and the next turn still asks", async () => {
    const question = await askThroughTurn();
    const aborted = await client.request("chat.abort", {
      sessionKey: "main",
      runId: question.runId ?? "",
    });
    expect(aborted).toMatchObject({ ok: true, aborted: true });
    const record = await until(async () => {
      const current = await api.get(question.id);
      return current.status === "pending" ? undefined : current;
    }, "the cancelled record");
    expect(record).toMatchObject({ status: "cancelled", resolvedBy: "requester-inactive" });

    const before = model.toolResults.length;
    const next = await askThroughTurn();
    await api.resolve(next.id, { answers: { deploy_target: ["Staging (Recommended)"] } });
    const received = await until(
      () => model.toolResults.slice(before).find((result) => result.text.startsWith("Target:")),
      "the next turn's tool result",
    );
    expect(received.text).toBe(toAskUserResult(await api.get(next.id)).text);
  });

  it("should take a chat message sent while the question waits as its plain-text answer", async () => {
    const before = model.toolResults.length;
    const question = await askThroughTurn();
    await client.request("chat.send", {
      sessionKey: "main",
      message: "2",
      idempotencyKey: randomUUID(),
    });
    const received = await receivedAfter(before);
    const record = await api.get(question.id);
    expect(record).toMatchObject({
      status: "answered",
      resolvedBy: "plain-text",
      answers: { answers: { deploy_target: ["Production"] } },
    });
    expect(received).toBe(toAskUserResult(record).text);
  });

  it("should take and refuse plain-text replies exactly as the mock gateway does", async () => {
    const mock = await createMockGateway();
    const mockClient = createBackendGatewayClient({
      url: mock.url,
      token: mock.token,
      socketFactory: createWsSocketFactory(),
      scopes: SCOPES,
    });
    mockClient.connect();
    const mockApi = createQuestionApi(mockClient);
    try {
      await until(
        () => (mockClient.getState().status === "connected" ? true : undefined),
        "the mock connection",
      );
      const real = await observePlainText(client, api, () => askThroughTurn("two"));
      const mocked = await observePlainText(mockClient, mockApi, async () => {
        const { id } = await mockApi.request({
          questions: asRecordQuestions(TWO_QUESTIONS.questions),
          sessionKey: "main",
          runId: randomUUID(),
        });
        return await mockApi.get(id);
      });
      expect(real.refusal).toMatch(/'checks' requires an answer/);
      expect(mocked).toEqual(real);
    } finally {
      mockClient.close();
      await mock.close();
    }
  });

  it("should refuse a plain-text reply that leaves a question unanswered, and keep it open", async () => {
    const errors: string[] = [];
    const unsubscribe = client.subscribe((event) => {
      if (event.type !== "event" || event.frame.event !== "chat") return;
      const payload = event.frame.payload as { state?: string; errorMessage?: string };
      if (payload.state === "error") errors.push(payload.errorMessage ?? "");
    });
    try {
      const before = model.toolResults.length;
      const question = await askThroughTurn("two");
      const send = (message: string) =>
        client.request("chat.send", { sessionKey: "main", message, idempotencyKey: randomUUID() });
      await send("Target: Production");
      const refusal = await until(() => errors[0], "the refusal");
      expect(refusal).toMatch(/^The answer was not accepted: .*'checks'/);
      expect((await api.get(question.id)).status).toBe("pending");

      await send("Target: Production\nChecks: Tests, Lint");
      const received = await receivedAfter(before);
      const record = await api.get(question.id);
      expect(record.answers).toEqual({
        answers: { deploy_target: ["Production"], checks: ["Tests", "Lint"] },
      });
      expect(received).toBe(toAskUserResult(record).text);
    } finally {
      unsubscribe();
    }
  });
});
