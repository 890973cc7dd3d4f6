import { describe, expect, it } from "vitest";
import { MAX_STORED_WAITING_PROMPTS, WAITING_STORAGE_PREFIX } from "../../src/store/constants";
import type { DraftStorage } from "../../src/store/types";
import { createMemoryStorage } from "./support/harness";
import { PAGE_GATEWAY as GATEWAY, openPage } from "./support/page";
import { makeRecord, START_MS } from "./support/records";

const EDITED = { answers: { target: ["Staging (Recommended)"], checks: ["Tests"] } };
const WAITING_ITEM = `${WAITING_STORAGE_PREFIX}:${GATEWAY}:`;

/** Storage whose waiting-prompt writes throw (quota exceeded) once `refuse` says so. */
function createRefusingStorage(refuse: (items: DraftStorage, key: string) => boolean) {
  const items = createMemoryStorage();
  const storage: DraftStorage = {
    getItem: (key) => items.getItem(key),
    removeItem: (key) => items.removeItem(key),
    setItem: (key, value) => {
      if (key.startsWith(WAITING_ITEM) && refuse(items, key)) {
        throw new DOMException("quota exceeded", "QuotaExceededError");
      }
      items.setItem(key, value);
    },
  };
  return { storage, items };
}

describe("given storage that starts refusing writes after an answer was queued", () => {
  it("should never send the queued answer the user then replaced with Skip, after a reload", async () => {
    let full = false;
    const { storage } = createRefusingStorage(() => full);
    const first = await openPage(storage, [makeRecord()]);
    first.store.getState().chooseOption("q1", "target", "Production");
    first.store.getState().chooseOption("q1", "checks", "Tests");
    first.api.setDisconnected();
    await first.store.getState().submit("q1");
    full = true;
    await first.store.getState().skip("q1");
    expect(first.store.getState().prompts.get("q1")).toMatchObject({
      status: "queued",
      sent: { kind: "cancel" },
    });
    first.store.getState().stop();

    const reloaded = await openPage(storage, [makeRecord()]);
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      sent: null,
    });
    expect(reloaded.store.getState().drafts.get("q1")?.questions.get("target")?.selected).toEqual([
      "Production",
    ]);
  });
});

describe("given storage with room for exactly the waiting prompts kept", () => {
  it("should keep the newest ones when more arrive at once", async () => {
    const { storage, items } = createRefusingStorage(
      (held, key) =>
        held.getItem(key) === null &&
        items.keys().filter((name) => name.startsWith(WAITING_ITEM)).length >=
          MAX_STORED_WAITING_PROMPTS,
    );
    const ids = Array.from({ length: MAX_STORED_WAITING_PROMPTS + 1 }, (_, index) => `q${index}`);
    await openPage(
      storage,
      ids.map((id, index) => makeRecord({ id, createdAtMs: START_MS + index })),
    );
    const reloaded = await openPage(storage, [], { online: false });
    const restored = reloaded.store.getState().order;
    expect(restored).toHaveLength(MAX_STORED_WAITING_PROMPTS);
    expect(restored).not.toContain("q0");
    expect(restored).toContain(`q${MAX_STORED_WAITING_PROMPTS}`);
    expect(reloaded.store.getState().diagnostics).toEqual([]);
  });
});

describe("given a stored prompt marked as sending but without what was sent", () => {
  it("should restore it as waiting for an answer, so Submit sends the draft", async () => {
    const storage = createMemoryStorage();
    storage.setItem(`${WAITING_STORAGE_PREFIX}-index:${GATEWAY}`, JSON.stringify(["q1"]));
    storage.setItem(
      `${WAITING_ITEM}q1`,
      JSON.stringify({
        record: makeRecord(),
        status: "submitting",
        answeredElsewhere: false,
        answers: null,
        unsentAnswers: null,
        outcomeAtMs: null,
      }),
    );
    const page = await openPage(storage, [makeRecord()]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      sent: null,
    });
    page.store.getState().chooseOption("q1", "target", "Staging (Recommended)");
    page.store.getState().chooseOption("q1", "checks", "Tests");
    await page.store.getState().submit("q1");
    expect(page.api.calls.resolvedAnswers).toEqual([EDITED]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
    });
  });
});
