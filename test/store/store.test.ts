import { describe, expect, it } from "vitest";
import { GatewayRequestError, GatewayTimeoutError } from "../../src/gateway/errors";
import type { QuestionRecord } from "../../src/protocol/types";
import { createQuestionStore } from "../../src/store/create-question-store";
import { promptStateOf } from "../../src/store/prompt-state";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { settle } from "./support/harness";
import { makeRecord, START_MS } from "./support/records";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };

async function setUp(records: QuestionRecord[] = [makeRecord()]) {
  const clock = createManualClock(START_MS);
  const api = createFakeApi(clock);
  api.listImpl = async () => records;
  const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fake" });
  store.getState().start();
  api.setConnected(1);
  await settle(0);
  return { clock, api, store };
}

function fill(store: Awaited<ReturnType<typeof setUp>>["store"]): void {
  store.getState().chooseOption("q1", "target", "Production");
  store.getState().chooseOption("q1", "checks", "Tests");
}

describe("given an incomplete draft", () => {
  it("should show the field error and send nothing", async () => {
    const { api, store } = await setUp();
    store.getState().chooseOption("q1", "target", "Production");
    await store.getState().submit("q1");
    expect(store.getState().prompts.get("q1")?.error).toMatchObject({
      questionId: "checks",
      reason: "QUESTION_INVALID_ANSWER",
    });
    expect(api.calls.resolve).toEqual([]);
  });
});

describe("given Skip pressed twice quickly", () => {
  it("should cancel once and show it as skipped by us", async () => {
    const { api, store } = await setUp();
    api.cancelImpl = async () => ({ status: "cancelled" });
    await Promise.all([store.getState().skip("q1"), store.getState().skip("q1")]);
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

describe("given the gateway rejects the answer", () => {
  it("should unlock the prompt and show the error", async () => {
    const { api, store } = await setUp();
    fill(store);
    api.resolveImpl = () =>
      Promise.reject(
        new GatewayRequestError("question.resolve", {
          code: "INVALID_REQUEST",
          message: "question 'q1' requester is no longer active",
          details: { reason: "QUESTION_REQUESTER_INACTIVE" },
        }),
      );
    await store.getState().submit("q1");
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      sent: null,
      error: { reason: "QUESTION_REQUESTER_INACTIVE" },
    });
  });
});

describe("given a lost response and a failing question.get while connected", () => {
  it("should keep the answer for retry, which sends it again only after get shows it never landed", async () => {
    const { api, store } = await setUp();
    fill(store);
    api.resolveImpl = () => Promise.reject(new GatewayTimeoutError("question.resolve", 30_000));
    api.getImpl = () =>
      Promise.reject(
        new GatewayRequestError("question.get", { code: "UNAVAILABLE", message: "busy" }),
      );
    await store.getState().submit("q1");
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      sent: { kind: "resolve", answers: OURS },
    });
    expect(store.getState().prompts.get("q1")?.error?.code).toBe("UNAVAILABLE");
    api.getImpl = async () => makeRecord();
    api.resolveImpl = async () => ({ status: "answered", answers: OURS });
    await store.getState().retry("q1");
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
    expect(api.calls.get).toEqual(["q1", "q1"]);
    expect(api.calls.resolve).toEqual(["q1", "q1"]);
  });

  it("should not send again when get shows the first send landed", async () => {
    const { api, store } = await setUp();
    fill(store);
    api.resolveImpl = () => Promise.reject(new GatewayTimeoutError("question.resolve", 30_000));
    api.getImpl = () =>
      Promise.reject(
        new GatewayRequestError("question.get", { code: "UNAVAILABLE", message: "busy" }),
      );
    await store.getState().submit("q1");
    api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await store.getState().retry("q1");
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
    expect(api.calls.resolve).toEqual(["q1"]);
  });
});

describe("given a reconnect while the previous hydration is still running", () => {
  it("should discard the older connection's list", async () => {
    const clock = createManualClock(START_MS);
    const api = createFakeApi(clock);
    let answerFirst: (records: QuestionRecord[]) => void = () => undefined;
    api.listImpl = () => new Promise((resolve) => (answerFirst = resolve));
    const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fake" });
    store.getState().start();
    api.setConnected(1);
    const stale = answerFirst;
    api.listImpl = async () => [];
    api.setConnected(2);
    await settle(0);
    stale([makeRecord({ id: "stale" })]);
    await settle(0);
    expect(store.getState().prompts.get("stale")).toBeUndefined();
    expect(store.getState().hydration).toMatchObject({ status: "done", connectionId: 2 });
  });
});

describe("given gateway events in one burst", () => {
  it("should apply them together in arrival order", async () => {
    const { api, store } = await setUp([]);
    let notifications = 0;
    store.subscribe(() => {
      notifications += 1;
    });
    api.emitRequested(makeRecord({ id: "a" }));
    api.emitRequested(makeRecord({ id: "b" }));
    await settle(0);
    expect(store.getState().order).toEqual(["a", "b"]);
    expect(notifications).toBe(1);
  });
});

describe("given question.list drops a malformed record", () => {
  it("should show why in the store's diagnostics", async () => {
    const clock = createManualClock(START_MS);
    const api = createFakeApi(clock);
    api.listImpl = async (options) => {
      options?.onDiagnostic?.("dropped a malformed question record 'broken' from question.list");
      return [makeRecord()];
    };
    const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fake" });
    store.getState().start();
    api.setConnected(1);
    await settle(0);
    expect(store.getState().prompts.get("q1")?.status).toBe("pending");
    expect(store.getState().diagnostics).toEqual([
      "dropped a malformed question record 'broken' from question.list",
    ]);
  });
});

describe("given a prompt cancelled by the agent or another surface", () => {
  it("should summarize it as cancelled, while this user's own Skip stays skipped", async () => {
    const { api, store } = await setUp([makeRecord({ id: "theirs" }), makeRecord({ id: "mine" })]);
    api.cancelImpl = async () => ({ status: "cancelled" });
    await store.getState().skip("mine");
    api.emitResolved({ id: "theirs", status: "cancelled" });
    await settle(0);
    const kindOf = (id: string) => {
      const entry = store.getState().prompts.get(id);
      if (entry === undefined) throw new Error(`no prompt ${id}`);
      return promptStateOf(entry).status;
    };
    expect(kindOf("theirs")).toBe("cancelled");
    expect(kindOf("mine")).toBe("skipped");
  });
});
