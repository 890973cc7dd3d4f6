import { describe, expect, it } from "vitest";
import { GatewayInvalidResponseError, GatewayTimeoutError } from "../../src/gateway/errors";
import { HYDRATION_RETRY_DELAYS_MS } from "../../src/store/constants";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { settle } from "./support/harness";
import { makeRecord, START_MS } from "./support/records";

const UNREADABLE = new GatewayInvalidResponseError("question.get", "questions: expected an array");

/** Prompts `bad` and `q2`; an answer to `q2` waits in the queue, and `bad` has vanished from the list. */
async function setUp() {
  const clock = createManualClock(START_MS);
  const api = createFakeApi(clock);
  api.listImpl = async () => [makeRecord({ id: "bad" }), makeRecord({ id: "q2" })];
  api.resolveImpl = async (_id, answers) => ({ status: "answered", answers });
  const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fake" });
  store.getState().start();
  api.setConnected(1);
  await settle(0);
  api.setDisconnected();
  store.getState().chooseOption("q2", "target", "Production");
  store.getState().chooseOption("q2", "checks", "Tests");
  await store.getState().submit("q2");
  expect(store.getState().prompts.get("q2")?.status).toBe("queued");
  api.listImpl = async () => [makeRecord({ id: "q2" })];
  return { clock, api, store };
}

describe("given question.get returns an unreadable record for one prompt during hydration", () => {
  it("should mark only that prompt unavailable, say why, and still send the other prompt's queued answer", async () => {
    const { api, store } = await setUp();
    api.getImpl = () => Promise.reject(UNREADABLE);
    api.setConnected(2);
    await settle(0);
    expect(store.getState().hydration.status).toBe("done");
    expect(store.getState().prompts.get("bad")?.status).toBe("unavailable");
    expect(store.getState().diagnostics.some((line) => line.includes("'bad'"))).toBe(true);
    expect(api.calls.resolve).toEqual(["q2"]);
    expect(store.getState().prompts.get("q2")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });
});

describe("given question.get times out during hydration", () => {
  it("should fail the attempt, hold the queued answer, and send it once a retry completes", async () => {
    const { clock, api, store } = await setUp();
    api.getImpl = () => Promise.reject(new GatewayTimeoutError("question.get", 30_000));
    api.setConnected(2);
    await settle(0);
    expect(store.getState().hydration.status).toBe("failed");
    expect(store.getState().prompts.get("bad")?.status).toBe("pending");
    expect(api.calls.resolve).toEqual([]);
    api.getImpl = async () => makeRecord({ id: "bad", status: "cancelled" });
    clock.advance(HYDRATION_RETRY_DELAYS_MS[0] ?? 0);
    await settle(0);
    expect(store.getState().hydration.status).toBe("done");
    expect(api.calls.resolve).toEqual(["q2"]);
  });
});
