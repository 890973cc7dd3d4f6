import { afterEach, describe, expect, it, vi } from "vitest";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { createMemoryStorage, settle, until } from "./support/harness";
import { openPage, PAGE_GATEWAY } from "./support/page";
import { makeRecord, START_MS } from "./support/records";

// A store reads storage and sends answers with parts loaded by import(). The setup file loads them
// before each test file (as in a page whose first store asked for them); here a fresh module graph
// has not loaded them.
type CreateStore = typeof import("../../src/store/create-question-store").createQuestionStore;

async function freshCreateStore(): Promise<CreateStore> {
  vi.resetModules();
  return (await import("../../src/store/create-question-store")).createQuestionStore;
}

/** An earlier page where the user chose an option of q1, then the page reloaded. */
async function typedThenReload() {
  const storage = createMemoryStorage();
  const page = await openPage(storage, [makeRecord()]);
  page.fill();
  page.store.getState().stop();
  return storage;
}

function secondPage(
  createQuestionStore: CreateStore,
  storage: ReturnType<typeof createMemoryStorage>,
) {
  const clock = createManualClock(START_MS);
  const api = createFakeApi(clock);
  api.listImpl = async () => [makeRecord()];
  const store = createQuestionStore({ api, clock, storage, gatewayKey: PAGE_GATEWAY });
  return { api, store };
}

afterEach(() => {
  vi.doUnmock("../../src/store/persistence");
  vi.doUnmock("../../src/store/submission-runner");
  vi.resetModules();
});

describe("given a reload, and a store made before its storage part has loaded", () => {
  it("should restore the prompt and its draft first, then follow the gateway", async () => {
    const storage = await typedThenReload();
    const { api, store } = secondPage(await freshCreateStore(), storage);
    store.getState().start();
    api.setConnected(1);
    expect(api.calls.list).toBe(0);
    await until(() => api.calls.list === 1, "the hydration after the restore");
    await settle(0);
    const state = store.getState();
    expect(state.prompts.get("q1")?.status).toBe("pending");
    expect(state.drafts.get("q1")?.questions.get("target")?.selected).toEqual(["Production"]);
  });

  it("should not start when stopped before the storage part loaded", async () => {
    const storage = await typedThenReload();
    const { api, store } = secondPage(await freshCreateStore(), storage);
    store.getState().start();
    store.getState().stop();
    api.setConnected(1);
    await settle(20);
    expect(api.calls.list).toBe(0);
  });
});

describe("given a reload, and a storage part that cannot load (network error)", () => {
  it("should start anyway, say why nothing was restored, and leave storage for a later page", async () => {
    const storage = await typedThenReload();
    const stored = new Map(storage.keys().map((key) => [key, storage.getItem(key)]));
    vi.resetModules();
    vi.doMock("../../src/store/persistence", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { createQuestionStore } = await import("../../src/store/create-question-store");
    const { api, store } = secondPage(createQuestionStore, storage);
    store.getState().start();
    api.setConnected(1);
    await until(() => api.calls.list === 1, "the hydration without storage");
    await settle(0);
    expect(store.getState().diagnostics.join("\n")).toMatch(/storage part did not load/);
    // The gateway still lists q1: the question is there, and typing it again is not written over
    // what the earlier page stored.
    expect(store.getState().prompts.get("q1")?.status).toBe("pending");
    store.getState().chooseOption("q1", "target", "Staging (Recommended)");
    await settle(0);
    expect(new Map(storage.keys().map((key) => [key, storage.getItem(key)]))).toEqual(stored);
  });
});

describe("given a storage part that cannot load, then loads on Try again", () => {
  async function failingThenLoading() {
    const storage = await typedThenReload();
    vi.resetModules();
    vi.doMock("../../src/store/persistence", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { createQuestionStore } = await import("../../src/store/create-question-store");
    const page = secondPage(createQuestionStore, storage);
    page.store.getState().start();
    page.api.setConnected(1);
    await until(() => page.api.calls.list === 1, "the hydration without storage");
    await settle(0);
    return { storage, ...page };
  }

  it("should say why, until the part loads", async () => {
    const { store } = await failingThenLoading();
    expect(store.getState().storageFailure).toEqual(expect.any(String));
    await store.getState().retryStorage();
    expect(store.getState().storageFailure).toEqual(expect.any(String));
    vi.doUnmock("../../src/store/persistence");
    await store.getState().retryStorage();
    expect(store.getState().storageFailure).toBeNull();
  });

  it("should keep what this page typed over the stored copy, and write it for the next page", async () => {
    const { storage, store, api } = await failingThenLoading();
    store.getState().chooseOption("q1", "target", "Staging (Recommended)");
    vi.doUnmock("../../src/store/persistence");
    await store.getState().retryStorage();
    // What the earlier page stored is checked with the gateway again.
    await until(() => api.calls.list === 2, "the hydration after the restore");
    await settle(0);
    expect(store.getState().drafts.get("q1")?.questions.get("target")?.selected).toEqual([
      "Staging (Recommended)",
    ]);
    const { createQuestionStore } = await import("../../src/store/create-question-store");
    const third = secondPage(createQuestionStore, storage);
    third.store.getState().start();
    await until(() => third.store.getState().drafts.has("q1"), "the draft on a third page");
    expect(third.store.getState().drafts.get("q1")?.questions.get("target")?.selected).toEqual([
      "Staging (Recommended)",
    ]);
  });

  it("should restore what an earlier page stored and this page had not", async () => {
    const { store } = await failingThenLoading();
    expect(store.getState().drafts.has("q1")).toBe(false);
    vi.doUnmock("../../src/store/persistence");
    await store.getState().retryStorage();
    expect(store.getState().drafts.get("q1")?.questions.get("target")?.selected).toEqual([
      "Production",
    ]);
  });
});

describe("given a submission part that cannot load (network error)", () => {
  it("should keep the answer, say it was not sent, and send it on Retry once the part loads", async () => {
    vi.resetModules();
    vi.doMock("../../src/store/submission-runner", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { createQuestionStore } = await import("../../src/store/create-question-store");
    const { api, store } = secondPage(createQuestionStore, createMemoryStorage());
    api.resolveImpl = async (_id, answers) => ({ status: "answered", answers });
    store.getState().start();
    api.setConnected(1);
    await until(() => store.getState().prompts.has("q1"), "the question");
    store.getState().chooseOption("q1", "target", "Production");
    store.getState().chooseOption("q1", "checks", "Tests");
    await store.getState().submit("q1");
    const failed = store.getState().prompts.get("q1");
    expect(failed?.status).toBe("pending");
    expect(failed?.error?.message).toMatch(/did not load/);
    expect(api.calls.resolve).toEqual([]);
    expect(store.getState().drafts.get("q1")?.questions.get("target")?.selected).toEqual([
      "Production",
    ]);

    vi.doUnmock("../../src/store/submission-runner");
    await store.getState().retry("q1");
    await until(() => store.getState().prompts.get("q1")?.status === "answered", "the answer");
    expect(api.calls.resolvedAnswers).toEqual([
      { answers: { target: ["Production"], checks: ["Tests"] } },
    ]);
  });
});
