import { describe, expect, it } from "vitest";
import {
  GatewayDisconnectedError,
  GatewayInvalidResponseError,
  GatewayRequestError,
  GatewayTimeoutError,
} from "../../src/gateway/errors";
import type { QuestionRecord } from "../../src/protocol/types";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { settle } from "./support/harness";
import { LIFETIME_MS, makeRecord, START_MS } from "./support/records";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };
const BUSY = new GatewayRequestError("question.get", { code: "UNAVAILABLE", message: "busy" });

async function setUp(records: QuestionRecord[] = [makeRecord()]) {
  const clock = createManualClock(START_MS);
  const api = createFakeApi(clock);
  api.listImpl = async () => records;
  api.resolveImpl = async () => ({ status: "answered", answers: OURS });
  api.cancelImpl = async () => ({ status: "cancelled" });
  const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fake" });
  store.getState().start();
  api.setConnected(1);
  await settle(0);
  store.getState().chooseOption("q1", "target", "Production");
  store.getState().chooseOption("q1", "checks", "Tests");
  const reconnect = async (connectionId = 2) => {
    api.setConnected(connectionId);
    await settle(0);
  };
  return { clock, api, store, reconnect };
}

/** A submit whose response is lost as the connection drops: queued, outcome unknown. */
async function submitAndLoseResponse(setup: Awaited<ReturnType<typeof setUp>>): Promise<void> {
  setup.api.resolveImpl = () => {
    setup.api.setDisconnected();
    return Promise.reject(new GatewayDisconnectedError("question.resolve"));
  };
  await setup.store.getState().submit("q1");
  expect(setup.store.getState().prompts.get("q1")?.status).toBe("queued");
}

describe("given an answer queued offline that never went out", () => {
  it("should let Skip replace it, sending only the cancel after reconnecting", async () => {
    const { api, store, reconnect } = await setUp();
    api.setDisconnected();
    await store.getState().submit("q1");
    await store.getState().skip("q1");
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "queued",
      sent: { kind: "cancel" },
    });
    await reconnect();
    expect(api.calls.resolve).toEqual([]);
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });

  it("should let a new Submit replace a queued Skip", async () => {
    const { api, store, reconnect } = await setUp();
    api.setDisconnected();
    await store.getState().skip("q1");
    await store.getState().submit("q1");
    await reconnect();
    expect(api.calls.cancel).toEqual([]);
    expect(api.calls.resolve).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });
});

describe("given a queued answer whose outcome is unknown", () => {
  it("should keep it and, if it landed, show it answered by us without cancelling", async () => {
    const setup = await setUp();
    const { api, store, reconnect } = setup;
    await submitAndLoseResponse(setup);
    await store.getState().skip("q1");
    expect(store.getState().prompts.get("q1")?.sent).toMatchObject({ kind: "resolve" });
    api.listImpl = async () => [];
    api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await reconnect();
    expect(api.calls.cancel).toEqual([]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });

  it("should cancel after the hydration if the prompt is still pending", async () => {
    const setup = await setUp();
    const { api, store, reconnect } = setup;
    await submitAndLoseResponse(setup);
    await store.getState().skip("q1");
    await reconnect();
    expect(api.calls.resolve).toEqual(["q1"]);
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

describe("given Skip after a send whose outcome is unknown while connected", () => {
  async function unconfirmedSubmit() {
    const setup = await setUp();
    setup.api.resolveImpl = () => Promise.reject(new GatewayTimeoutError("question.resolve", 1));
    setup.api.getImpl = () => Promise.reject(BUSY);
    await setup.store.getState().submit("q1");
    expect(setup.store.getState().prompts.get("q1")).toMatchObject({ status: "pending" });
    return setup;
  }

  it("should find out first that the answer landed and keep it as the user's own", async () => {
    const { api, store } = await unconfirmedSubmit();
    api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    api.cancelImpl = () =>
      Promise.reject(
        new GatewayRequestError("question.resolve", {
          code: "INVALID_REQUEST",
          message: "already answered",
          details: { reason: "QUESTION_ALREADY_TERMINAL" },
        }),
      );
    await store.getState().skip("q1");
    expect(api.calls.cancel).toEqual([]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });

  it("should cancel when the check shows the answer never landed", async () => {
    const { api, store } = await unconfirmedSubmit();
    api.getImpl = async () => makeRecord();
    await store.getState().skip("q1");
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

describe("given a queued answer our clock expired before the gateway did", () => {
  it("should queue it again when hydration lists it pending, and send it once", async () => {
    const { api, store, clock, reconnect } = await setUp();
    api.setDisconnected();
    await store.getState().submit("q1");
    clock.advance(LIFETIME_MS + 1_000);
    await settle(0);
    expect(store.getState().prompts.get("q1")?.status).toBe("expired");
    api.listImpl = async () => [makeRecord({ expiresAtMs: START_MS + 2 * LIFETIME_MS })];
    await reconnect();
    expect(api.calls.resolve).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });
});

describe("given a malformed question.resolve response", () => {
  it("should reconcile with question.get and find the answer was ours", async () => {
    const { api, store } = await setUp();
    api.resolveImpl = () =>
      Promise.reject(new GatewayInvalidResponseError("question.resolve", "status: missing"));
    api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await store.getState().submit("q1");
    expect(api.calls.get).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });
});
