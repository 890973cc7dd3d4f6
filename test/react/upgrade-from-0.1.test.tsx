import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QuestionsProvider } from "../../src/react/provider";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { useTimelineItems } from "../../src/react/use-timeline-items";
import { createQuestionStore } from "../../src/store/create-question-store";
import { selectDraft } from "../../src/store/selectors-drafts";
import { createManualClock } from "../../src/testing/manual-clock";
import stored from "../store/fixtures/storage-0.1.0.json";
import { createFakeApi } from "../store/support/fake-api";
import { createMemoryStorage, settle } from "../store/support/harness";
import { makeRecord, START_MS } from "../store/support/records";

// What version 0.1.0 left in sessionStorage: two ended prompts (one answered here, one cancelled
// by someone else while a draft was open) and a waiting one with a half-typed draft.
function storageFrom010() {
  const storage = createMemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  return storage;
}

function Timeline() {
  return useTimelineItems().map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}

describe("given the storage a page of version 0.1.0 left behind", () => {
  it("should restore every summary and the typed draft after the upgrade", async () => {
    const clock = createManualClock(START_MS + 1_000);
    const api = createFakeApi(clock);
    api.listImpl = async () => [makeRecord({ id: "waiting", createdAtMs: START_MS + 1 })];
    const store = createQuestionStore({
      api,
      clock,
      storage: storageFrom010(),
      gatewayKey: "ws://gateway.test",
    });
    render(
      <QuestionsProvider store={store} sessionKey="main">
        <Timeline />
      </QuestionsProvider>,
    );
    await act(async () => {
      store.getState().start();
      api.setConnected(1);
      await settle(0);
    });

    const summaries = await screen.findAllByRole("article");
    expect(summaries.map((summary) => summary.dataset.status)).toEqual(["answered", "cancelled"]);
    expect(summaries[0]).toHaveTextContent("Target: Production");
    expect(summaries[1]).toHaveTextContent("Cancelled elsewhere, for example by the agent");
    expect(summaries[1]).toHaveTextContent("Staging (Recommended)");

    const draft = selectDraft(store.getState(), "waiting");
    expect(draft?.questions.get("target")?.selected).toEqual(["Production"]);
    expect(draft?.questions.get("checks")?.otherText).toBe("Only the smoke tests");
    expect(store.getState().diagnostics).toEqual([]);
    act(() => store.getState().stop());
  });
});
