import { afterEach, describe, expect, it } from "vitest";
import { createManualClock, type ManualClock } from "../../src/testing/manual-clock";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { type RawConnection, rawConnect } from "../conformance/raw-client";
import { flushIo } from "./flush-io";

const QUESTION = {
  questionId: "target",
  header: "Deploy",
  question: "Where to?",
  options: [{ label: "Production" }, { label: "Staging" }],
  isOther: true,
};
const TIMEOUT_MS = 60_000;
const TOMBSTONE_MS = 15_000;

let gateway: MockGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

async function setup(): Promise<{ clock: ManualClock; client: RawConnection; mock: MockGateway }> {
  const clock = createManualClock();
  gateway = await createMockGateway({ clock, token: "t" });
  const client = await rawConnect(gateway.url, { token: "t" });
  return { clock, client, mock: gateway };
}

function reasonOf(response: Awaited<ReturnType<RawConnection["request"]>>): unknown {
  return response.ok ? "ok" : (response.error.details?.reason ?? response.error.code);
}

describe("given a mock gateway on a manual clock", () => {
  it("should create, list and answer a question with canonical answers and both events", async () => {
    const { client } = await setup();
    const created = await client.request("question.request", {
      id: "ask_1",
      questions: [QUESTION],
      timeoutMs: TIMEOUT_MS,
    });
    expect(created.ok && created.payload).toMatchObject({ id: "ask_1" });
    const listed = await client.request("question.list", {});
    expect(
      listed.ok &&
        (listed.payload as { questions: Array<{ id: string }> }).questions.map(
          (record) => record.id,
        ),
    ).toEqual(["ask_1"]);
    const resolved = await client.request("question.resolve", {
      id: "ask_1",
      answers: { answers: { target: ["  Staging "] } },
    });
    expect(resolved.ok && resolved.payload).toEqual({
      status: "answered",
      answers: { answers: { target: ["Staging"] } },
    });
    await flushIo();
    expect(
      client.events.map(
        (event) => `${event.event}:${(event.payload as { status: string }).status}`,
      ),
    ).toEqual(["question.requested:pending", "question.resolved:answered"]);
  });

  it("should reject free text without isOther and a second resolve", async () => {
    const { client } = await setup();
    await client.request("question.request", {
      id: "ask_2",
      questions: [{ ...QUESTION, isOther: false }],
    });
    expect(
      reasonOf(
        await client.request("question.resolve", {
          id: "ask_2",
          answers: { answers: { target: ["staging"] } },
        }),
      ),
    ).toBe("QUESTION_INVALID_ANSWER");
    await client.request("question.resolve", { id: "ask_2", cancel: true });
    expect(reasonOf(await client.request("question.resolve", { id: "ask_2", cancel: true }))).toBe(
      "QUESTION_ALREADY_TERMINAL",
    );
  });

  it("should expire on its timer, push question.resolved, then forget the record after 15 s", async () => {
    const { clock, client } = await setup();
    await client.request("question.request", {
      id: "ask_3",
      questions: [QUESTION],
      timeoutMs: TIMEOUT_MS,
    });
    clock.advance(TIMEOUT_MS);
    await flushIo();
    expect(client.events.filter((event) => event.event !== "tick").at(-1)).toMatchObject({
      event: "question.resolved",
      payload: { id: "ask_3", status: "expired" },
    });
    const expired = await client.request("question.get", { id: "ask_3" });
    expect(
      expired.ok && (expired.payload as { question: { status: string } }).question.status,
    ).toBe("expired");
    clock.advance(TOMBSTONE_MS);
    expect(reasonOf(await client.request("question.get", { id: "ask_3" }))).toBe(
      "QUESTION_NOT_FOUND",
    );
  });

  it("should apply expiry lazily in get and list when the timer has not fired", async () => {
    const { clock, client } = await setup();
    await client.request("question.request", {
      id: "ask_4",
      questions: [QUESTION],
      timeoutMs: TIMEOUT_MS,
    });
    clock.jump(TIMEOUT_MS);
    const listed = await client.request("question.list", {});
    expect(listed.ok && (listed.payload as { questions: unknown[] }).questions).toEqual([]);
    const record = await client.request("question.get", { id: "ask_4" });
    expect(record.ok && (record.payload as { question: { status: string } }).question.status).toBe(
      "expired",
    );
  });

  it("should answer waitAnswer with pending when its own timeout passes on the clock", async () => {
    const { clock, client } = await setup();
    await client.request("question.request", { id: "ask_5", questions: [QUESTION] });
    const waiting = client.request("question.waitAnswer", { id: "ask_5", timeoutMs: 1_000 });
    await flushIo();
    clock.advance(1_000);
    expect(await waiting).toEqual({ ok: true, payload: { status: "pending" } });
  });

  it("should reject a list with any property and keep list sorted and pending-only", async () => {
    const { clock, client } = await setup();
    expect(reasonOf(await client.request("question.list", { all: true }))).toBe("INVALID_REQUEST");
    await client.request("question.request", { id: "ask_b", questions: [QUESTION] });
    await client.request("question.request", { id: "ask_a", questions: [QUESTION] });
    clock.jump(1);
    await client.request("question.request", { id: "ask_0", questions: [QUESTION] });
    await client.request("question.resolve", { id: "ask_b", cancel: true });
    const listed = await client.request("question.list", {});
    expect(
      listed.ok &&
        (listed.payload as { questions: Array<{ id: string }> }).questions.map(
          (record) => record.id,
        ),
    ).toEqual(["ask_a", "ask_0"]);
  });

  it("should inject questions in-process and list every record including terminal ones", async () => {
    const { client, mock } = await setup();
    const created = await mock.requestQuestion({
      id: "ask_in",
      questions: [QUESTION],
      sessionKey: "Ops",
    });
    expect(created.id).toBe("ask_in");
    await flushIo();
    expect(client.events[0]).toMatchObject({
      event: "question.requested",
      payload: { sessionKey: "agent:main:ops", agentId: "main" },
    });
    await client.request("question.resolve", { id: "ask_in", cancel: true });
    expect(mock.listRecords().map((record) => record.status)).toEqual(["cancelled"]);
    await expect(
      mock.requestQuestion({ id: "ask_in", questions: [QUESTION] }),
    ).rejects.toMatchObject({
      details: { reason: "QUESTION_ID_IN_USE" },
    });
  });
});
