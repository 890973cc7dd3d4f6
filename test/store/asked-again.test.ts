import { describe, expect, it } from "vitest";
import { TERMINAL_TOMBSTONE_MS } from "../../src/protocol/constants";
import { selectQuestionValue } from "../../src/store/selectors-drafts";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import type { QuestionStoreState } from "../../src/store/types";
import { createMemoryStorage, settle } from "./support/harness";
import { openPage, type Page } from "./support/page";
import { LIFETIME_MS, makeRecord, START_MS } from "./support/records";

const MAIN = { sessionKey: "main" };
// The gateway accepts an id again once the first request's tombstone is gone.
const ASKED_AGAIN_AT_MS = START_MS + 60_000 + TERMINAL_TOMBSTONE_MS;
const first = makeRecord({ id: "deploy" });
const second = makeRecord({
  id: "deploy",
  createdAtMs: ASKED_AGAIN_AT_MS,
  expiresAtMs: ASKED_AGAIN_AT_MS + LIFETIME_MS,
  runId: "run-2",
});

async function answerFirst(page: Page): Promise<void> {
  page.store.getState().chooseOption("deploy", "target", "Production");
  page.store.getState().chooseOption("deploy", "checks", "Tests");
  await page.store.getState().submit("deploy");
  await settle(0);
}

const waiting = (state: QuestionStoreState) => selectPendingPrompts(state, MAIN);
const timeline = (state: QuestionStoreState) =>
  selectTimelineItems(state, MAIN).map((item) => ({
    runId: item.runId,
    status: item.entry.status,
  }));

describe("given an id the agent asks again after its first request ended", () => {
  it("should show the new request from its event and keep the first one's summary", async () => {
    const page = await openPage(null, [first]);
    await answerFirst(page);
    expect(timeline(page.store.getState())).toEqual([{ runId: "run-1", status: "answered" }]);

    page.clock.set(ASKED_AGAIN_AT_MS);
    page.api.emitRequested(second);
    await settle(0);

    const state = page.store.getState();
    expect(waiting(state).map((entry) => entry.record.runId)).toEqual(["run-2"]);
    expect(selectQuestionValue(state, "deploy", "target")).toEqual([]);
    expect(timeline(state)).toEqual([{ runId: "run-1", status: "answered" }]);
  });

  it("should answer the new request, not the old one, and keep both summaries", async () => {
    const page = await openPage(null, [first]);
    await answerFirst(page);
    page.clock.set(ASKED_AGAIN_AT_MS);
    page.api.emitRequested(second);
    await settle(0);

    page.store.getState().chooseOption("deploy", "target", "Staging (Recommended)");
    page.store.getState().chooseOption("deploy", "checks", "Lint");
    await page.store.getState().submit("deploy");

    expect(page.api.calls.resolvedAnswers.map((answers) => answers.answers.target)).toEqual([
      ["Production"],
      ["Staging (Recommended)"],
    ]);
    expect(timeline(page.store.getState())).toEqual([
      { runId: "run-1", status: "answered" },
      { runId: "run-2", status: "answered" },
    ]);
  });

  it("should show the new request found by hydration after a reconnect", async () => {
    const page = await openPage(null, [first]);
    page.api.emitResolved({ id: "deploy", status: "cancelled" });
    await settle(0);
    page.api.setDisconnected();
    page.clock.set(ASKED_AGAIN_AT_MS);
    page.api.listImpl = async () => [second];
    await page.connect();

    const state = page.store.getState();
    expect(waiting(state).map((entry) => entry.record.runId)).toEqual(["run-2"]);
    expect(timeline(state)).toEqual([{ runId: "run-1", status: "cancelled" }]);
  });

  it("should still show both after a reload", async () => {
    const storage = createMemoryStorage();
    const page = await openPage(storage, [first]);
    page.api.emitResolved({ id: "deploy", status: "cancelled" });
    await settle(0);
    page.clock.set(ASKED_AGAIN_AT_MS);
    page.api.emitRequested(second);
    await settle(0);
    page.store.getState().setOtherText("deploy", "target", "canary");
    page.store.getState().stop();

    const reloaded = await openPage(storage, [second], { nowMs: ASKED_AGAIN_AT_MS + 1_000 });
    const state = reloaded.store.getState();
    expect(waiting(state).map((entry) => entry.record.runId)).toEqual(["run-2"]);
    expect(selectQuestionValue(state, "deploy", "target")).toEqual(["canary"]);
    expect(timeline(state)).toEqual([{ runId: "run-1", status: "cancelled" }]);
  });

  it("should not mistake a late copy of the first request for a new one", async () => {
    const page = await openPage(null, [first]);
    page.api.emitResolved({ id: "deploy", status: "cancelled" });
    await settle(0);
    page.api.emitRequested(first);
    await settle(0);

    const state = page.store.getState();
    expect(waiting(state)).toEqual([]);
    expect(timeline(state)).toEqual([{ runId: "run-1", status: "cancelled" }]);
  });
});
