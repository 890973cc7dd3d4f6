import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { MAX_STORED_TIMELINE_PROMPTS } from "../../src/store/constants";
import { createQuestionStore } from "../../src/store/create-question-store";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import type { DraftStorage } from "../../src/store/types";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { createMemoryStorage, settle } from "./support/harness";
import { LIFETIME_MS, makeRecord, START_MS } from "./support/records";

const MAIN = { sessionKey: "main" };
const GATEWAY = "ws://gateway.test";

/** One page load: a store over a fake api on the given (surviving) storage. */
async function openPage(storage: DraftStorage, records: QuestionRecord[] = [], nowMs = START_MS) {
  const clock = createManualClock(nowMs);
  const api = createFakeApi(clock);
  api.listImpl = async () => records;
  api.getImpl = () => Promise.reject(new Error("get must not be called"));
  const store = createQuestionStore({ api, clock, storage, gatewayKey: GATEWAY });
  store.getState().start();
  api.setConnected(1);
  await settle(0);
  return { clock, api, store };
}

const summaryOf = (page: Awaited<ReturnType<typeof openPage>>) =>
  selectTimelineItems(page.store.getState(), MAIN).map(({ promptId, entry }) => ({
    promptId,
    status: entry.status,
    answeredElsewhere: entry.answeredElsewhere,
    answers: entry.answers,
    unsentAnswers: entry.unsentAnswers,
    outcomeAtMs: entry.outcomeAtMs,
  }));

describe("given questions that ended before a page reload", () => {
  it("should show the same timeline items after the reload, without checking or sending them again", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [
      makeRecord({ id: "ours" }),
      makeRecord({ id: "theirs" }),
    ]);
    first.api.resolveImpl = async () => ({
      status: "answered",
      answers: { answers: { target: ["Production"], checks: ["Tests"] } },
    });
    first.store.getState().chooseOption("ours", "target", "Production");
    first.store.getState().chooseOption("ours", "checks", "Tests");
    await first.store.getState().submit("ours");
    first.store.getState().chooseOption("theirs", "target", "Staging (Recommended)");
    first.api.emitResolved({ id: "theirs", status: "cancelled" });
    await settle(0);
    const before = summaryOf(first);
    expect(before.map((item) => [item.promptId, item.status])).toEqual([
      ["ours", "answered"],
      ["theirs", "cancelled"],
    ]);
    first.store.getState().stop();

    const reloaded = await openPage(storage);
    expect(summaryOf(reloaded)).toEqual(before);
    expect(reloaded.api.calls.get).toEqual([]);
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.api.calls.cancel).toEqual([]);
    expect(reloaded.store.getState().diagnostics).toEqual([]);
  });

  it("should restore a prompt our clock expired as expired, without asking the gateway about it", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [makeRecord()]);
    first.store.getState().chooseOption("q1", "target", "Production");
    first.clock.advance(LIFETIME_MS);
    expect(first.store.getState().prompts.get("q1")?.status).toBe("expired");
    first.store.getState().stop();

    const reloaded = await openPage(storage, [], START_MS + LIFETIME_MS + 5_000);
    expect(reloaded.api.calls.get).toEqual([]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "expired",
      unsentAnswers: { answers: { target: ["Production"] } },
    });
  });

  it("should forget a dismissed item for good", async () => {
    const storage = createMemoryStorage();
    const first = await openPage(storage, [
      makeRecord({ id: "kept", status: "expired" }),
      makeRecord({ id: "gone", status: "expired" }),
    ]);
    first.store.getState().forget("gone");
    const reloaded = await openPage(storage);
    expect(summaryOf(reloaded).map((item) => item.promptId)).toEqual(["kept"]);
  });

  it("should never store a secret answer", async () => {
    const storage = createMemoryStorage();
    const secretRecord = makeRecord({
      questions: [{ ...makeRecord().questions[0]!, isSecret: true }],
      status: "answered",
      answers: { answers: { target: ["hunter2"] } },
    });
    await openPage(storage, [secretRecord]);
    const stored = storage.keys().map((key) => storage.getItem(key) ?? "");
    expect(stored.join("\n")).not.toContain("hunter2");
    const reloaded = await openPage(storage);
    expect(reloaded.store.getState().prompts.get("q1")?.status).toBe("answered");
  });
});

describe("given a malformed stored timeline entry", () => {
  it("should drop it with a diagnostic and restore the others", async () => {
    const storage = createMemoryStorage();
    await openPage(storage, [
      makeRecord({ id: "good", status: "expired" }),
      makeRecord({ id: "bad", status: "expired" }),
    ]);
    const badKey = storage.keys().find((key) => key.includes("timeline:") && key.endsWith(":bad"));
    expect(badKey).toBeDefined();
    storage.setItem(badKey ?? "", JSON.stringify({ record: { id: "bad" }, status: "expired" }));

    const reloaded = await openPage(storage);
    expect(summaryOf(reloaded).map((item) => item.promptId)).toEqual(["good"]);
    expect(reloaded.store.getState().diagnostics).toHaveLength(1);
    expect(reloaded.store.getState().diagnostics[0]).toContain("'bad'");
    const again = await openPage(storage);
    expect(again.store.getState().diagnostics).toEqual([]);
  });
});

describe("given more ended prompts than the timeline stores", () => {
  it("should keep the newest ones, however old they are", async () => {
    const storage = createMemoryStorage();
    const total = MAX_STORED_TIMELINE_PROMPTS + 1;
    const ids = Array.from({ length: total }, (_, index) => `q${index}`);
    const first = await openPage(
      storage,
      ids.map((id, index) => makeRecord({ id, createdAtMs: START_MS + index })),
    );
    for (const id of ids) {
      first.clock.advance(1);
      first.api.emitResolved({ id, status: "cancelled" });
    }
    await settle(0);
    expect(selectTimelineItems(first.store.getState(), MAIN)).toHaveLength(total);

    const reloaded = await openPage(storage, [], START_MS + 30 * 24 * 3_600_000);
    const restored = summaryOf(reloaded).map((item) => item.promptId);
    expect(restored).toHaveLength(MAX_STORED_TIMELINE_PROMPTS);
    expect(restored).not.toContain("q0");
    expect(restored).toContain("q1");
    expect(restored).toContain(`q${total - 1}`);
  });
});
