import { describe, expect, it } from "vitest";
import { createQuestionStore } from "../../src/store/create-question-store";
import type { DraftStorage, PromptStatus } from "../../src/store/types";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeApi } from "./support/fake-api";
import { createMemoryStorage, settle } from "./support/harness";
import { LIFETIME_MS, makeRecord, START_MS } from "./support/records";

const GATEWAY = "ws://gateway.test";
const TYPED = "Canary, then the rest";
/** The local clock runs this far ahead of the gateway's. */
const AHEAD_MS = 30_000;

/**
 * One page load whose client learns the clock offset only once connected, as the real client
 * does from the handshake. Not connected yet: call `connect`.
 */
function loadPage(storage: DraftStorage, localNowMs: number) {
  const clock = createManualClock(localNowMs);
  const api = createFakeApi(clock);
  let offsetMs = 0;
  api.client.getClockOffsetMs = () => offsetMs;
  api.listImpl = async () => [makeRecord()];
  const store = createQuestionStore({ api, clock, storage, gatewayKey: GATEWAY });
  const statuses: PromptStatus[] = [];
  store.subscribe((state) => {
    const status = state.prompts.get("q1")?.status;
    if (status !== undefined && statuses.at(-1) !== status) statuses.push(status);
  });
  store.getState().start();
  const connect = async (connectionId = 1, measuredOffsetMs = -AHEAD_MS) => {
    offsetMs = measuredOffsetMs;
    api.setConnected(connectionId);
    await settle(0);
  };
  return { clock, api, store, statuses, connect };
}

const typedText = (page: ReturnType<typeof loadPage>) =>
  page.store.getState().drafts.get("q1")?.questions.get("target")?.otherText;

describe("given a local clock ahead of the gateway, when the page reloads shortly before the deadline", () => {
  it("should keep the prompt waiting, never announce it expired, and keep the typed text for the next reload", async () => {
    const storage = createMemoryStorage();
    const first = loadPage(storage, START_MS + AHEAD_MS);
    await first.connect();
    first.store.getState().setOtherText("q1", "target", TYPED);
    first.store.getState().stop();

    const reloadAtMs = START_MS + LIFETIME_MS - 10_000 + AHEAD_MS;
    const reloaded = loadPage(storage, reloadAtMs);
    await reloaded.connect();
    expect(reloaded.statuses).toEqual(["pending"]);
    expect(typedText(reloaded)).toBe(TYPED);
    reloaded.store.getState().stop();

    const again = loadPage(storage, reloadAtMs + 1_000);
    expect(typedText(again)).toBe(TYPED);
  });
});

describe("given a prompt our clock expired too early, when the gateway still lists it after a reconnect", () => {
  it("should store its typed text again, so a reload keeps it", async () => {
    const storage = createMemoryStorage();
    const page = loadPage(storage, START_MS);
    await page.connect(1, 0);
    page.store.getState().setOtherText("q1", "target", TYPED);
    page.api.setDisconnected();
    // The local clock jumps ahead (the machine's time was corrected) while offline.
    page.clock.advance(LIFETIME_MS - 10_000);
    page.clock.jump(AHEAD_MS);
    page.clock.advance(1_000);
    expect(page.store.getState().prompts.get("q1")?.status).toBe("expired");
    await page.connect(2, -AHEAD_MS);
    expect(page.store.getState().prompts.get("q1")?.status).toBe("pending");
    page.store.getState().stop();

    const reloaded = loadPage(storage, page.clock.now());
    expect(typedText(reloaded)).toBe(TYPED);
  });
});
