import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import type { GatewayClient, QuestionRequestParams } from "../../src/gateway/types";
import { DRAFT_STORAGE_PREFIX, TIMELINE_STORAGE_PREFIX } from "../../src/store/constants";
import { selectQuestionDraft } from "../../src/store/selectors-drafts";
import type { DraftStorage, QuestionStore } from "../../src/store/types";
import { createManualClock, type ManualClock } from "../../src/testing/manual-clock";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createEventProxy, type EventProxy } from "./support/event-proxy";
import {
  type CountingApi,
  connectClient,
  createMemoryStorage,
  settle,
  startStore,
  until,
} from "./support/harness";
import { checksQuestion, START_MS, targetQuestion } from "./support/records";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };
const THEIRS = { answers: { target: ["Staging (Recommended)"], checks: ["Lint"] } };
const RPC_TIMEOUT_MS = 30_000;
const RECONNECT_STEP_MS = 1_000;
const SHORT_TIMEOUT_MS = 10_000;

type User = { client: GatewayClient; api: CountingApi; store: StoreApi<QuestionStore> };

let clock: ManualClock;
let gateway: MockGateway;
let proxy: EventProxy;
let opened: User[];
let others: GatewayClient[];

beforeEach(async () => {
  clock = createManualClock(START_MS);
  gateway = await createMockGateway({ clock });
  proxy = await createEventProxy(gateway.url);
  opened = [];
  others = [];
});

afterEach(async () => {
  for (const user of opened) {
    user.store.getState().stop();
    user.client.close();
  }
  for (const client of others) client.close();
  await proxy.close();
  await gateway.close();
});

const isReady = (store: StoreApi<QuestionStore>): boolean => {
  const state = store.getState();
  return state.connection.status === "connected" && state.hydration.status === "done";
};

/** This user's page: a store behind the proxy, so the test can take it offline alone. */
async function openUser(storage: DraftStorage | null = null): Promise<User> {
  const { client, api } = connectClient(proxy.url, gateway.token, clock);
  const store = startStore(api, clock, storage);
  const user = { client, api, store };
  opened.push(user);
  await until(() => isReady(store), "the store to hydrate");
  return user;
}

/** Another surface answering the same gateway directly. */
async function openOther(): Promise<CountingApi> {
  const { client, api } = connectClient(gateway.url, gateway.token, clock);
  others.push(client);
  await until(() => client.getState().status === "connected", "the other client");
  return api;
}

async function ask(params: Partial<QuestionRequestParams> = {}): Promise<string> {
  const { id } = await gateway.requestQuestion({
    questions: [targetQuestion, checksQuestion],
    sessionKey: "main",
    ...params,
  });
  return id;
}

function fillDraft(store: StoreApi<QuestionStore>, id: string): void {
  store.getState().chooseOption(id, "target", "Production");
  store.getState().chooseOption(id, "checks", "Tests");
}

async function goOffline(user: User): Promise<void> {
  proxy.setOnline(false);
  proxy.disconnectAll();
  await until(() => user.store.getState().connection.status !== "connected", "the disconnect");
}

/** Advances the fake clock one step at a time, letting socket traffic run in between. */
async function advanceInSteps(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= RECONNECT_STEP_MS) {
    clock.advance(Math.min(RECONNECT_STEP_MS, left));
    await settle(5);
  }
}

async function reconnect(user: User): Promise<void> {
  proxy.setOnline(true);
  await until(() => {
    if (isReady(user.store)) return true;
    clock.advance(RECONNECT_STEP_MS);
    return false;
  }, "reconnect and hydration");
  await settle();
}

function gatewayRecord(id: string) {
  return gateway.listRecords().find((record) => record.id === id);
}

describe("given the response to a submit is lost", () => {
  it("should settle from the resolved event and stay answered, sent once", async () => {
    const user = await openUser();
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    gateway.loseNextResponse("question.resolve");
    const submitted = user.store.getState().submit(id);
    await until(() => user.store.getState().prompts.get(id)?.status === "answered", "the event");
    clock.advance(RPC_TIMEOUT_MS);
    await submitted;
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: OURS,
    });
    expect(user.api.sent.resolve).toBe(1);
  });

  it("should learn from question.get that the answer was ours when the event is lost too", async () => {
    const user = await openUser();
    // A short prompt keeps the resolve timeout (min(30 s, time left)) inside the 15 s tombstone.
    const id = await ask({ timeoutMs: SHORT_TIMEOUT_MS });
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    proxy.setTransform((frame) => (frame.event === "question.resolved" ? [] : [frame]));
    gateway.loseNextResponse("question.resolve");
    const submitted = user.store.getState().submit(id);
    await until(() => gatewayRecord(id)?.status === "answered", "the gateway to apply it");
    expect(user.store.getState().prompts.get(id)?.status).toBe("submitting");
    clock.advance(SHORT_TIMEOUT_MS);
    await submitted;
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: OURS,
    });
    expect(user.api.sent.resolve).toBe(1);
  });
});

describe("given a second client answers at the same time", () => {
  it("should show the winner's answers as answered elsewhere and keep ours as unsent", async () => {
    const user = await openUser();
    const other = await openOther();
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    await other.resolve(id, THEIRS);
    await user.store.getState().submit(id);
    await until(() => user.store.getState().prompts.get(id)?.status === "answered", "the outcome");
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      answeredElsewhere: true,
      answers: THEIRS,
      unsentAnswers: OURS,
    });
    expect(gatewayRecord(id)?.answers).toEqual(THEIRS);
    expect(user.api.sent.resolve).toBeLessThanOrEqual(1);
  });
});

describe("given the prompt is answered elsewhere while this client is offline", () => {
  it("should report it after reconnecting, with the draft kept as unsent", async () => {
    const user = await openUser();
    const other = await openOther();
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    await goOffline(user);
    await other.resolve(id, THEIRS);
    await reconnect(user);
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: true,
      answers: THEIRS,
      unsentAnswers: OURS,
    });
    expect(user.api.sent.resolve).toBe(0);
  });
});

describe("given the prompt expires while this client is offline with a queued answer", () => {
  it("should show it expired with the unsent answer, never sending it", async () => {
    const user = await openUser();
    const id = await ask({ timeoutMs: 30_000 });
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    await goOffline(user);
    await user.store.getState().submit(id);
    expect(user.store.getState().prompts.get(id)?.status).toBe("queued");
    await advanceInSteps(30_000);
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "expired",
      unsentAnswers: OURS,
    });
    await reconnect(user);
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "expired",
      unsentAnswers: OURS,
    });
    expect(user.store.getState().prompts.get(id)?.record.status).toBe("expired");
    expect(user.api.sent.resolve).toBe(0);
  });
});

describe("given the gateway restarts", () => {
  it("should mark every prompt unavailable and still show drafts and unsent answers", async () => {
    const user = await openUser();
    const drafted = await ask();
    const queued = await ask();
    await until(() => user.store.getState().prompts.size === 2, "both prompts");
    user.store.getState().setOtherText(drafted, "target", "Canary");
    fillDraft(user.store, queued);
    await gateway.restart();
    await until(() => user.store.getState().connection.status !== "connected", "the disconnect");
    await user.store.getState().submit(queued);
    await reconnect(user);
    const state = user.store.getState();
    expect(state.prompts.get(drafted)).toMatchObject({
      status: "unavailable",
      unsentAnswers: { answers: { target: ["Canary"] } },
    });
    expect(selectQuestionDraft(state, drafted, "target").otherText).toBe("Canary");
    expect(state.prompts.get(queued)).toMatchObject({ status: "unavailable", unsentAnswers: OURS });
    expect(user.api.sent.resolve).toBe(0);
  });
});

describe("given question.resolved arrives before question.requested", () => {
  it("should keep the resolution and apply it when the record arrives", async () => {
    const user = await openUser();
    const other = await openOther();
    let held: Record<string, unknown> | null = null;
    proxy.setTransform((frame) => {
      if (frame.event === "question.requested") {
        held = frame;
        return [];
      }
      if (frame.event === "question.resolved" && held !== null) return [frame, held];
      return [frame];
    });
    const id = await ask();
    await until(() => held !== null, "the held request");
    await other.resolve(id, THEIRS);
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the late record");
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: true,
      answers: THEIRS,
    });
    expect(user.store.getState().orphanResolutions.size).toBe(0);
  });
});

describe("given duplicated and out-of-order events", () => {
  it("should end with one prompt holding the gateway's outcome", async () => {
    const user = await openUser();
    const other = await openOther();
    proxy.setTransform((frame) =>
      frame.event?.toString().startsWith("question.") ? [frame, frame] : [frame],
    );
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    await other.cancel(id);
    await until(() => user.store.getState().prompts.get(id)?.status === "cancelled", "the outcome");
    const record = gatewayRecord(id);
    proxy.inject({
      type: "event",
      event: "question.requested",
      payload: { ...record, status: "pending" },
    });
    proxy.inject({ type: "event", event: "question.resolved", payload: { id, status: "expired" } });
    await settle();
    const state = user.store.getState();
    expect(state.order.filter((item) => item === id)).toHaveLength(1);
    expect(state.prompts.get(id)).toMatchObject({ status: "cancelled", answeredElsewhere: true });
  });
});

describe("given hydration fails twice", () => {
  it("should retry after 1 s and 2 s and then succeed", async () => {
    const id = await ask();
    gateway.loseNextResponse("question.list");
    gateway.loseNextResponse("question.list");
    const { client, api } = connectClient(proxy.url, gateway.token, clock);
    const store = startStore(api, clock);
    opened.push({ client, api, store });
    await until(() => store.getState().hydration.status === "running", "the first attempt");
    await settle();
    clock.advance(RPC_TIMEOUT_MS);
    await until(() => store.getState().hydration.status === "failed", "the first failure");
    clock.advance(999);
    expect(store.getState().hydration.attempt).toBe(1);
    clock.advance(1);
    await until(() => store.getState().hydration.attempt === 2, "the second attempt");
    await settle();
    clock.advance(RPC_TIMEOUT_MS);
    await until(() => store.getState().hydration.status === "failed", "the second failure");
    clock.advance(1_999);
    expect(store.getState().hydration.attempt).toBe(2);
    clock.advance(1);
    await until(() => store.getState().hydration.status === "done", "the third attempt");
    expect(store.getState().hydration.attempt).toBe(3);
    expect(store.getState().prompts.get(id)?.status).toBe("pending");
  });
});

describe("given question.get fails while reconciling a lost response", () => {
  it("should keep the prompt recoverable: the next hydration finds the answer was ours", async () => {
    const user = await openUser();
    const id = await ask({ timeoutMs: SHORT_TIMEOUT_MS });
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    proxy.setTransform((frame) => (frame.event === "question.resolved" ? [] : [frame]));
    gateway.loseNextResponse("question.resolve");
    gateway.loseNextResponse("question.get");
    const submitted = user.store.getState().submit(id);
    await until(() => gatewayRecord(id)?.status === "answered", "the gateway to apply it");
    clock.advance(SHORT_TIMEOUT_MS);
    await settle();
    proxy.setOnline(false);
    proxy.disconnectAll();
    await submitted;
    const stuck = user.store.getState().prompts.get(id);
    expect(stuck?.status).toBe("queued");
    expect(stuck?.sent).toEqual({ kind: "resolve", answers: OURS });
    proxy.setTransform(null);
    await reconnect(user);
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
    expect(user.api.sent.resolve).toBe(1);
  });
});

describe("given a submit while offline", () => {
  it("should queue it and send it exactly once after reconnecting", async () => {
    const user = await openUser();
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    await goOffline(user);
    await user.store.getState().submit(id);
    expect(user.store.getState().prompts.get(id)?.status).toBe("queued");
    await reconnect(user);
    await until(
      () => user.store.getState().prompts.get(id)?.status === "answered",
      "the queued send",
    );
    await goOffline(user);
    await reconnect(user);
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
    expect(gatewayRecord(id)?.answers).toEqual(OURS);
    expect(user.api.sent.resolve).toBe(1);
  });
});

describe("given Skip while an answer is queued offline", () => {
  it("should send only the cancel after reconnecting and show it skipped by us", async () => {
    const user = await openUser();
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user.store, id);
    await goOffline(user);
    await user.store.getState().submit(id);
    await user.store.getState().skip(id);
    expect(user.store.getState().prompts.get(id)?.status).toBe("queued");
    await reconnect(user);
    await until(() => user.store.getState().prompts.get(id)?.status === "cancelled", "the cancel");
    expect(user.store.getState().prompts.get(id)?.answeredElsewhere).toBe(false);
    expect(gatewayRecord(id)?.status).toBe("cancelled");
    expect(user.api.sent).toEqual({ resolve: 0, cancel: 1 });
  });
});

describe("given the page reloads mid-answer", () => {
  it("should restore the drafts in a new store and forget them once answered", async () => {
    const storage = createMemoryStorage();
    const first = await openUser(storage);
    const id = await ask();
    await until(() => first.store.getState().prompts.get(id) !== undefined, "the prompt");
    first.store.getState().chooseOption(id, "target", "Production");
    first.store.getState().goToStep(id, 1);
    first.store.getState().setOtherText(id, "checks", "Fuzz");
    first.store.getState().stop();
    first.client.close();
    const second = await openUser(storage);
    const state = second.store.getState();
    expect(selectQuestionDraft(state, id, "target").selected).toEqual(["Production"]);
    expect(selectQuestionDraft(state, id, "checks").otherText).toBe("Fuzz");
    expect(state.drafts.get(id)?.step).toBe(1);
    await second.store.getState().submit(id);
    expect(second.store.getState().prompts.get(id)?.status).toBe("answered");
    const keys = storage.keys().filter((key) => key.endsWith(id));
    expect(keys.filter((key) => key.startsWith(DRAFT_STORAGE_PREFIX))).toEqual([]);
    expect(keys.filter((key) => key.startsWith(TIMELINE_STORAGE_PREFIX))).toHaveLength(1);
  });
});

describe("given a malformed record from the gateway", () => {
  it("should drop it with a diagnostic and keep the store usable", async () => {
    const user = await openUser();
    proxy.inject({
      type: "event",
      event: "question.requested",
      payload: { id: "broken", questions: [], status: "pending" },
    });
    const id = await ask();
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the next prompt");
    const state = user.store.getState();
    expect(state.prompts.get("broken")).toBeUndefined();
    expect(state.diagnostics.some((line) => line.includes("'broken'"))).toBe(true);
    fillDraft(user.store, id);
    await user.store.getState().submit(id);
    expect(user.store.getState().prompts.get(id)?.status).toBe("answered");
  });
});
