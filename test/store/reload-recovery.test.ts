import { describe, expect, it } from "vitest";
import { GatewayDisconnectedError, GatewayRequestError } from "../../src/gateway/errors";
import type { DraftStorage } from "../../src/store/types";
import { createMemoryStorage } from "./support/harness";
import { openPage, type Page } from "./support/page";
import {
  checksQuestion,
  LIFETIME_MS,
  makeRecord,
  START_MS,
  targetQuestion,
} from "./support/records";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };
const THEIRS = { answers: { target: ["Staging (Recommended)"], checks: ["Lint"] } };
const NOT_FOUND = new GatewayRequestError("question.get", {
  code: "INVALID_REQUEST",
  message: "question 'q1' not found",
  details: { reason: "QUESTION_NOT_FOUND" },
});

/** A first page where the user filled in q1 and the page then reloads. */
async function typedThenReload(storage: DraftStorage): Promise<Page> {
  const page = await openPage(storage, [makeRecord()]);
  page.fill();
  page.store.getState().stop();
  return page;
}

/** The answer is queued offline: the UI promises it "will be sent when the connection returns". */
async function queueOffline(storage: DraftStorage): Promise<Page> {
  const page = await openPage(storage, [makeRecord()]);
  page.fill();
  page.api.setDisconnected();
  await page.store.getState().submit("q1");
  expect(page.store.getState().prompts.get("q1")?.status).toBe("queued");
  return page;
}

/** The answer went out and the connection dropped before its response: it may have landed. */
async function loseResponse(page: Page): Promise<void> {
  page.api.resolveImpl = () => {
    page.api.setDisconnected();
    return Promise.reject(new GatewayDisconnectedError("question.resolve"));
  };
  await page.store.getState().submit("q1");
  expect(page.store.getState().prompts.get("q1")?.status).toBe("queued");
}

describe("given the user typed an answer and the prompt ended while the page reloaded", () => {
  it("should show it expired, with the typed answer kept as unsent", async () => {
    const storage = createMemoryStorage();
    await typedThenReload(storage);
    const reloaded = await openPage(storage, [], { nowMs: START_MS + 60_000 });
    reloaded.api.getImpl = async () => makeRecord({ status: "expired" });
    await reloaded.connect();
    expect(reloaded.api.calls.get).toContain("q1");
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "expired",
      unsentAnswers: OURS,
    });
  });

  it("should show it answered elsewhere, with the typed answer kept as unsent", async () => {
    const storage = createMemoryStorage();
    await typedThenReload(storage);
    const reloaded = await openPage(storage, [], { online: false });
    reloaded.api.getImpl = async () => makeRecord({ status: "answered", answers: THEIRS });
    await reloaded.connect();
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: true,
      answers: THEIRS,
      unsentAnswers: OURS,
    });
  });

  it("should show it unavailable, with the typed answer kept as unsent, once the gateway forgot it", async () => {
    const storage = createMemoryStorage();
    await typedThenReload(storage);
    const reloaded = await openPage(storage, [], { online: false });
    reloaded.api.getImpl = () => Promise.reject(NOT_FOUND);
    await reloaded.connect();
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "unavailable",
      unsentAnswers: OURS,
    });
    expect(reloaded.store.getState().hydration.status).toBe("done");
  });

  it("should show our own answer when the send in flight at the reload landed, without sending it again", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [makeRecord()]);
    first.fill();
    first.api.resolveImpl = () => new Promise(() => undefined);
    void first.store.getState().submit("q1");
    expect(first.store.getState().prompts.get("q1")?.status).toBe("submitting");
    first.store.getState().stop();

    const reloaded = await openPage(storage, [], { online: false });
    reloaded.api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await reloaded.connect();
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: OURS,
      unsentAnswers: null,
    });
  });
});

describe("given a draft stored without its prompt's record (by an earlier version of the kit)", () => {
  async function draftWithoutRecord(storage: ReturnType<typeof createMemoryStorage>) {
    await typedThenReload(storage);
    for (const key of storage.keys().filter((name) => name.includes(":waiting"))) {
      storage.removeItem(key);
    }
  }

  it("should still check it and show how the prompt ended, with the typed answer kept", async () => {
    const storage = createMemoryStorage();
    await draftWithoutRecord(storage);
    const reloaded = await openPage(storage, [], { online: false });
    reloaded.api.getImpl = async () => makeRecord({ status: "expired" });
    await reloaded.connect();
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "expired",
      unsentAnswers: OURS,
    });
  });

  it("should say why it dropped the draft when the gateway no longer knows the prompt", async () => {
    const storage = createMemoryStorage();
    await draftWithoutRecord(storage);
    const reloaded = await openPage(storage, [], { online: false });
    reloaded.api.getImpl = () => Promise.reject(NOT_FOUND);
    await reloaded.connect();
    expect(reloaded.store.getState().drafts.get("q1")).toBeUndefined();
    const diagnostics = reloaded.store.getState().diagnostics;
    expect(diagnostics.some((line) => line.includes("'q1'"))).toBe(true);
  });
});

describe("given an answer queued offline, then the page reloads", () => {
  it("should still show it queued and send it exactly once after the connection returns", async () => {
    const storage = createMemoryStorage();
    await queueOffline(storage);
    const reloaded = await openPage(storage, [makeRecord()], { online: false });
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "queued",
      sent: { kind: "resolve", answers: OURS },
    });
    await reloaded.connect();
    await reloaded.connect(3);
    expect(reloaded.api.calls.resolvedAnswers).toEqual([OURS]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });

  it("should send a queued Skip exactly once", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [makeRecord()]);
    first.api.setDisconnected();
    await first.store.getState().skip("q1");
    const reloaded = await openPage(storage, [makeRecord()]);
    expect(reloaded.api.calls.cancel).toEqual(["q1"]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });

  it("should check an answer that may have landed first, and show it as ours without sending it again", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [makeRecord()]);
    first.fill();
    await loseResponse(first);
    const reloaded = await openPage(storage, [], { online: false });
    reloaded.api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await reloaded.connect();
    expect(reloaded.api.calls.get).toEqual(["q1"]);
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });

  it("should let a Skip pressed after an answer that may have landed win, when the answer never landed", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [makeRecord()]);
    first.fill();
    await loseResponse(first);
    await first.store.getState().skip("q1");
    const reloaded = await openPage(storage, [makeRecord()]);
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.api.calls.cancel).toEqual(["q1"]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

describe("given a queued answer to a secret question, then the page reloads", () => {
  const secretRecord = () =>
    makeRecord({ questions: [{ ...targetQuestion, isSecret: true }, checksQuestion] });

  it("should never store the secret nor send its mask, and ask for the answer again", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [secretRecord()]);
    first.store.getState().setOtherText("q1", "target", "hunter2");
    first.store.getState().chooseOption("q1", "checks", "Tests");
    first.api.setDisconnected();
    await first.store.getState().submit("q1");
    const stored = storage.keys().map((key) => storage.getItem(key) ?? "");
    expect(stored.join("\n")).not.toContain("hunter2");

    const reloaded = await openPage(storage, [secretRecord()], { online: false });
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      sent: null,
      error: { code: "SECRET_NOT_KEPT" },
    });
    expect(reloaded.store.getState().drafts.get("q1")?.questions.get("checks")?.selected).toEqual([
      "Tests",
    ]);
    await reloaded.connect();
    expect(reloaded.api.calls.resolve).toEqual([]);
  });

  /** The secret answer went out and its response was lost as the connection dropped. */
  async function loseSecretResponse(storage: DraftStorage): Promise<void> {
    const first = await openPage(storage, [secretRecord()]);
    first.store.getState().setOtherText("q1", "target", "hunter2");
    first.store.getState().chooseOption("q1", "checks", "Tests");
    await loseResponse(first);
  }

  it("should show an answer that may have landed as ours when the gateway has it", async () => {
    const storage = createMemoryStorage();
    await loseSecretResponse(storage);
    const reloaded = await openPage(storage, [], { online: false });
    const ours = { answers: { target: ["hunter2"], checks: ["Tests"] } };
    reloaded.api.getImpl = async () => ({ ...secretRecord(), status: "answered", answers: ours });
    await reloaded.connect();
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });

  it("should never send the mask of an answer that may have landed when it did not", async () => {
    const storage = createMemoryStorage();
    await loseSecretResponse(storage);
    const reloaded = await openPage(storage, [secretRecord()]);
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      sent: null,
      error: { code: "SECRET_NOT_KEPT" },
    });
  });
});

describe("given an answer sent before the deadline that our clock then expired, then the page reloads", () => {
  async function expiredWithUnconfirmedAnswer(storage: DraftStorage): Promise<void> {
    const first = await openPage(storage, [makeRecord()]);
    first.fill();
    await loseResponse(first);
    first.clock.advance(LIFETIME_MS);
    expect(first.store.getState().prompts.get("q1")?.status).toBe("expired");
    first.store.getState().stop();
  }

  it("should check it and show our answer when the gateway has it", async () => {
    const storage = createMemoryStorage();
    await expiredWithUnconfirmedAnswer(storage);
    const reloaded = await openPage(storage, [], { nowMs: START_MS + LIFETIME_MS + 5_000 });
    reloaded.api.getImpl = async () => makeRecord({ status: "answered", answers: OURS });
    await reloaded.connect();
    expect(reloaded.api.calls.get).toContain("q1");
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      unsentAnswers: null,
    });
  });

  it("should keep the answer as sent but not confirmed when the gateway forgot it", async () => {
    const storage = createMemoryStorage();
    await expiredWithUnconfirmedAnswer(storage);
    const reloaded = await openPage(storage, [], { nowMs: START_MS + LIFETIME_MS + 60_000 });
    reloaded.api.getImpl = () => Promise.reject(NOT_FOUND);
    await reloaded.connect();
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "unavailable",
      sent: { kind: "resolve", answers: OURS },
      unsentAnswers: null,
    });
  });
});

describe("given more waiting prompts than storage keeps", () => {
  it("should keep the newest ones", async () => {
    const storage = createMemoryStorage();
    const ids = Array.from({ length: 201 }, (_, index) => `q${index}`);
    await openPage(
      storage,
      ids.map((id, index) => makeRecord({ id, createdAtMs: START_MS + index })),
    );
    const reloaded = await openPage(storage, [], { online: false });
    const restored = reloaded.store.getState().order;
    expect(restored).toHaveLength(200);
    expect(restored).not.toContain("q0");
    expect(restored).toContain("q200");
  });
});
