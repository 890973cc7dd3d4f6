import { afterEach, describe, expect, it } from "vitest";
import { messageMetaOf, readAsyncQuestionMessage } from "../../src/protocol/async-questions";
import type { MockChatMessage } from "../../src/testing/mock-chat";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { type RawConnection, type RawEvent, rawConnect } from "../conformance/raw-client";
import { flushIo } from "./flush-io";

const READER = ["operator.read", "operator.write"];
const DELIVERY = {
  itemId: "asyncq-unit-1",
  questions: [{ title: "Which database?", options: ["Postgres", "SQLite"] }, { title: "Notes?" }],
};

let gateway: MockGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

async function setup(heard: MockChatMessage[] = []) {
  gateway = await createMockGateway({
    token: "t",
    onChatMessage: (message) => heard.push(message),
  });
  const connect = (scopes = READER) => rawConnect(gateway?.url ?? "", { token: "t", scopes });
  return { mock: gateway, connect };
}

function payloads(connection: RawConnection, event: string): Array<Record<string, unknown>> {
  return connection.events
    .filter((candidate: RawEvent) => candidate.event === event)
    .map((candidate) => candidate.payload as Record<string, unknown>);
}

async function history(connection: RawConnection, params: Record<string, unknown> = {}) {
  const response = await connection.request("chat.history", { sessionKey: "main", ...params });
  if (!response.ok) throw new Error(response.error.message);
  return response.payload as {
    sessionKey: string;
    messages: Array<Record<string, unknown>>;
    hasMore: boolean;
    totalMessages: number;
    sessionInfo: Record<string, unknown>;
  };
}

function reasonOf(response: Awaited<ReturnType<RawConnection["request"]>>): unknown {
  return response.ok ? "ok" : (response.error.details?.reason ?? response.error.message);
}

describe("given sessions.messages.subscribe on the mock gateway", () => {
  it("should answer with the canonical key, and refuse bad params and a caller that cannot read", async () => {
    const { connect } = await setup();
    const reader = await connect();
    const questionsOnly = await connect(["operator.questions"]);
    const subscribed = await reader.request("sessions.messages.subscribe", { key: "MAIN" });
    expect(subscribed.ok && subscribed.payload).toEqual({
      subscribed: true,
      key: "agent:main:main",
    });
    const left = await reader.request("sessions.messages.unsubscribe", { key: "main" });
    expect(left.ok && left.payload).toEqual({ subscribed: false, key: "agent:main:main" });
    const missing = await reader.request("sessions.messages.subscribe", { sessionKey: "main" });
    expect(missing.ok ? null : missing.error.code).toBe("INVALID_REQUEST");
    const forbidden = await questionsOnly.request("sessions.messages.subscribe", { key: "main" });
    expect(forbidden.ok ? null : forbidden.error.details?.missingScope).toBe("operator.read");
  });

  it("should send session.message for each stored message to subscribers only, until they unsubscribe", async () => {
    const { connect } = await setup();
    const follower = await connect();
    const bystander = await connect();
    await follower.request("sessions.messages.subscribe", { key: "main" });
    await follower.request("chat.send", {
      sessionKey: "main",
      message: "hi",
      idempotencyKey: "k1",
    });
    await flushIo();
    const [event] = payloads(follower, "session.message");
    expect(event).toMatchObject({
      sessionKey: "agent:main:main",
      agentId: "main",
      messageSeq: 1,
      message: { role: "user", content: "hi", idempotencyKey: "k1:user" },
    });
    expect(event?.messageId).toBe(messageMetaOf(event?.message).id);
    expect(payloads(bystander, "session.message")).toEqual([]);
    await follower.request("sessions.messages.unsubscribe", { key: "main" });
    await follower.request("chat.send", {
      sessionKey: "main",
      message: "again",
      idempotencyKey: "k2",
    });
    await flushIo();
    expect(payloads(follower, "session.message")).toHaveLength(1);
  });
});

describe("given the mock agent's async question", () => {
  it("should reach subscribers and chat.history with openclawAsyncDelivery, and a replying chat.send with replyToId", async () => {
    const { mock, connect } = await setup();
    const follower = await connect();
    await follower.request("sessions.messages.subscribe", { key: "main" });
    const id = mock.postAssistantMessage({
      sessionKey: "main",
      text: "Which database should I use?",
      runId: "run-a",
      asyncDelivery: DELIVERY,
    });
    await follower.request("chat.send", {
      sessionKey: "agent:main:main",
      message: "> Which database?\n\nPostgres\n\n> Notes?\n\nNone",
      replyToId: id,
      deliver: false,
      idempotencyKey: "answer-1",
    });
    await flushIo();
    const [asked, answered] = payloads(follower, "session.message").map((event) => event.message);
    expect(readAsyncQuestionMessage(asked)).toMatchObject({
      itemId: DELIVERY.itemId,
      messageId: id,
      runId: "run-a",
      questions: DELIVERY.questions,
    });
    expect(messageMetaOf(answered).replyToId).toBe(id);
    expect(answered).toMatchObject({
      __openclaw: { replyToPreview: { senderLabel: "Assistant" } },
    });
    const stored = await history(follower);
    expect(
      stored.messages.map((message) => readAsyncQuestionMessage(message)?.itemId ?? null),
    ).toEqual([DELIVERY.itemId, null]);
    expect(messageMetaOf(stored.messages[1]).replyToId).toBe(id);
    const delta = payloads(follower, "chat").find((event) => event.state === "delta");
    expect(delta?.message).not.toHaveProperty("openclawAsyncDelivery");
  });

  it("should store an unknown replyToId as given, without a preview", async () => {
    const { connect } = await setup();
    const writer = await connect();
    const sent = await writer.request("chat.send", {
      sessionKey: "main",
      message: "about that",
      replyToId: "no-such-message",
      idempotencyKey: "k1",
    });
    expect(sent.ok).toBe(true);
    const [message] = (await history(writer)).messages;
    expect(messageMetaOf(message).replyToId).toBe("no-such-message");
    expect(message?.__openclaw).not.toHaveProperty("replyToPreview");
  });

  it("should end a run with its final reply: stored with the run id, a chat final, and no longer active", async () => {
    const heard: MockChatMessage[] = [];
    const { mock, connect } = await setup(heard);
    const writer = await connect();
    await writer.request("chat.send", {
      sessionKey: "main",
      message: "go",
      idempotencyKey: "run-b",
    });
    await flushIo();
    expect(heard.map((message) => message.runId)).toEqual(["run-b"]);
    expect((await history(writer)).sessionInfo).toMatchObject({ hasActiveRun: true });
    const finalId = mock.completeRun({ sessionKey: "main", runId: "run-b", text: "Done." });
    await flushIo();
    const final = payloads(writer, "chat").find((event) => event.state === "final");
    expect(final).toMatchObject({
      runId: "run-b",
      sessionKey: "agent:main:main",
      stopReason: "stop",
    });
    const stored = await history(writer);
    expect(stored.sessionInfo).toMatchObject({ hasActiveRun: false, activeRunIds: [] });
    expect(stored.messages.at(-1)).toMatchObject({
      role: "assistant",
      stopReason: "stop",
      __openclaw: { id: finalId, runId: "run-b" },
    });
    expect(mock.sessionMessages("agent:main:main")).toHaveLength(2);
  });
});

describe("given chat.send's idempotency key and transcript checks", () => {
  it("should repeat a run's state for the same input without a second message, and refuse other input", async () => {
    const { mock, connect } = await setup();
    const writer = await connect();
    const send = (message: string) =>
      writer.request("chat.send", { sessionKey: "main", message, idempotencyKey: "k1" });
    const first = await send("hello");
    const again = await send("hello");
    mock.completeRun({ sessionKey: "main", runId: "k1" });
    const afterEnd = await send("hello");
    const other = await send("something else");
    expect([first, again, afterEnd].map((response) => response.ok && response.payload)).toEqual([
      { runId: "k1", status: "started" },
      { runId: "k1", status: "in_flight" },
      { runId: "k1", status: "ok" },
    ]);
    expect(reasonOf(other)).toBe("chat-request-conflict");
    expect((await history(writer)).totalMessages).toBe(1);
  });

  it("should check expectedLeafEntryId against the transcript, except for a steer send", async () => {
    const { connect } = await setup();
    const writer = await connect();
    const send = (key: string, extra: Record<string, unknown>) =>
      writer.request("chat.send", {
        sessionKey: "main",
        message: key,
        idempotencyKey: key,
        ...extra,
      });
    expect(reasonOf(await send("k1", { expectedLeafEntryId: null }))).toBe("ok");
    await flushIo();
    const leaf = (await history(writer)).sessionInfo.activeLeafEntryId;
    expect(reasonOf(await send("k2", { expectedLeafEntryId: leaf }))).toBe("ok");
    expect(reasonOf(await send("k3", { expectedLeafEntryId: null }))).toBe("active-leaf-changed");
    expect(reasonOf(await send("k4", { expectedLeafEntryId: "gone" }))).toBe("active-leaf-changed");
    expect(reasonOf(await send("k5", { expectedLeafEntryId: "gone", queueMode: "steer" }))).toBe(
      "ok",
    );
    expect(reasonOf(await send("k6", { queueMode: "later" }))).toMatch(/queueMode/);
    expect(reasonOf(await send("k7", { bogus: true }))).toMatch(/unexpected property 'bogus'/);
  });

  it("should page chat.history from the end and refuse a limit out of range", async () => {
    const { connect } = await setup();
    const writer = await connect();
    for (const key of ["k1", "k2", "k3"])
      await writer.request("chat.send", { sessionKey: "main", message: key, idempotencyKey: key });
    await flushIo();
    const page = await history(writer, { limit: 2 });
    expect(page.messages.map((message) => message.content)).toEqual(["k2", "k3"]);
    expect([page.hasMore, page.totalMessages, page.sessionKey]).toEqual([true, 3, "main"]);
    for (const limit of [0, 1001, "2"]) {
      const refused = await writer.request("chat.history", { sessionKey: "main", limit });
      expect(refused.ok ? null : refused.error.code).toBe("INVALID_REQUEST");
    }
  });
});
