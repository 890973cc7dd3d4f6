import { describe, expect, it } from "vitest";
import { GatewayRequestError, GatewayTimeoutError } from "../../src/gateway/errors";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { settle } from "./support/harness";
import { makeRecord, START_MS } from "./support/records";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };
const EDITED = { answers: { target: ["Staging (Recommended)"], checks: ["Tests"] } };
const BUSY = new GatewayRequestError("question.get", { code: "UNAVAILABLE", message: "busy" });

async function setUp() {
  const clock = createManualClock(START_MS);
  const api = createFakeApi(clock);
  api.listImpl = async () => [makeRecord()];
  api.resolveImpl = async (_id, answers) => ({ status: "answered", answers });
  api.cancelImpl = async () => ({ status: "cancelled" });
  const store = createQuestionStore({ api, clock, storage: null, gatewayKey: "fake" });
  store.getState().start();
  api.setConnected(1);
  await settle(0);
  const fill = () => {
    store.getState().chooseOption("q1", "target", "Production");
    store.getState().chooseOption("q1", "checks", "Tests");
  };
  return { api, store, fill };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** The send times out and the check fails too: back to pending with the error, delivery unknown. */
async function loseDelivery(setup: Setup, press: "submit" | "skip"): Promise<void> {
  const lost = () => Promise.reject(new GatewayTimeoutError("question.resolve", 10_000));
  setup.api.resolveImpl = lost;
  setup.api.cancelImpl = lost;
  setup.api.getImpl = () => Promise.reject(BUSY);
  await setup.store.getState()[press]("q1");
  expect(setup.store.getState().prompts.get("q1")).toMatchObject({
    status: "pending",
    error: { code: "UNAVAILABLE" },
  });
  setup.api.resolveImpl = async (_id, answers) => ({ status: "answered", answers });
  setup.api.cancelImpl = async () => ({ status: "cancelled" });
}

describe("given a Skip whose delivery is unknown, then the user answers and presses Submit", () => {
  it("should check first and send the answer, not the Skip again", async () => {
    const setup = await setUp();
    const { api, store, fill } = setup;
    await loseDelivery(setup, "skip");
    fill();
    api.getImpl = async () => makeRecord();
    await store.getState().submit("q1");
    expect(api.calls.get).toEqual(["q1", "q1"]);
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(api.calls.resolvedAnswers).toEqual([OURS]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: OURS,
    });
  });

  it("should show the Skip as the user's own when the check shows it landed", async () => {
    const setup = await setUp();
    const { api, store, fill } = setup;
    await loseDelivery(setup, "skip");
    fill();
    api.getImpl = async () => makeRecord({ status: "cancelled" });
    await store.getState().submit("q1");
    expect(api.calls.resolve).toEqual([]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });

  it("should validate the draft like a first submit and send nothing when it is incomplete", async () => {
    const setup = await setUp();
    const { api, store } = setup;
    await loseDelivery(setup, "skip");
    store.getState().chooseOption("q1", "target", "Production");
    await store.getState().submit("q1");
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      error: { questionId: "checks", reason: "QUESTION_INVALID_ANSWER" },
    });
    expect(api.calls.get).toEqual(["q1"]);
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(api.calls.resolve).toEqual([]);
  });

  it("should let Retry send the Skip again rather than the draft", async () => {
    const setup = await setUp();
    const { api, store, fill } = setup;
    await loseDelivery(setup, "skip");
    fill();
    api.getImpl = async () => makeRecord();
    await store.getState().retry("q1");
    expect(api.calls.cancel).toEqual(["q1", "q1"]);
    expect(api.calls.resolve).toEqual([]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

/** The first answer's delivery is unknown; then (offline, if asked) the user edits it. */
async function editAfterLostAnswer({ offline = false } = {}) {
  const setup = await setUp();
  setup.fill();
  await loseDelivery(setup, "submit");
  if (offline) setup.api.setDisconnected();
  setup.store.getState().chooseOption("q1", "target", "Staging (Recommended)");
  return setup;
}

describe("given an answer whose delivery is unknown, then the user edits it and presses Submit", () => {
  it("should send the edited answer once the check shows the first never landed", async () => {
    const { api, store } = await editAfterLostAnswer();
    api.getImpl = async () => makeRecord();
    await store.getState().submit("q1");
    expect(api.calls.resolvedAnswers).toEqual([OURS, EDITED]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: EDITED,
    });
  });

  it("should keep the first answer as the user's own when the check shows it landed", async () => {
    const { api, store } = await editAfterLostAnswer();
    api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await store.getState().submit("q1");
    expect(api.calls.resolvedAnswers).toEqual([OURS]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: OURS,
    });
  });

  it("should send the edited answer after reconnecting when it was pressed offline", async () => {
    const { api, store } = await editAfterLostAnswer({ offline: true });
    await store.getState().submit("q1");
    expect(store.getState().prompts.get("q1")?.status).toBe("queued");
    api.setConnected(2);
    await settle(0);
    expect(api.calls.resolvedAnswers).toEqual([OURS, EDITED]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: EDITED,
    });
  });

  it("should let a later Skip win over the edited answer pressed offline", async () => {
    const { api, store } = await editAfterLostAnswer({ offline: true });
    await store.getState().submit("q1");
    await store.getState().skip("q1");
    api.setConnected(2);
    await settle(0);
    expect(api.calls.resolvedAnswers).toEqual([OURS]);
    expect(api.calls.cancel).toEqual(["q1"]);
    expect(store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});
