// What a review's summary says became of each approved call: never "did not run" before the
// thread's state says so. The tool's result can reach the page in an update after the one in
// which the interrupt went away.
import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_WORDS } from "../../src/langgraph/review-prompt";
import {
  type AskUserThread,
  createThreadQuestionSource,
} from "../../src/langgraph/thread-question-source";
import { createQuestionStore } from "../../src/store/create-question-store";
import { summarizePrompt } from "../../src/store/prompt-summary";
import type { DraftStorage } from "../../src/store/types";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle } from "../store/support/harness";

const START_MS = 1_800_000_000_000;
const THREAD_ID = "thread_1";
const NOT_RUN = DEFAULT_REVIEW_WORDS.notRun;
const PENDING = DEFAULT_REVIEW_WORDS.resultPending;

type Call = { id: string; name: string; args: Record<string, unknown> };

const EMAIL: Call = { id: "c1", name: "send_email", args: { to: "bob@x.io", subject: "hi" } };
const DELETE: Call = { id: "c2", name: "delete_file", args: { path: "/tmp/a" } };
const human = { id: "m0", type: "human", content: "go" };
const aiWith = (calls: unknown[]) => ({ id: "m1", type: "ai", content: "", tool_calls: calls });
const toolResult = (callId: string, content: string, status = "success") => ({
  id: `t_${callId}`,
  type: "tool",
  tool_call_id: callId,
  status,
  content,
});
const finalText = { id: "m9", type: "ai", content: "done" };

const reviewOf = (calls: Call[]) => ({
  id: "r",
  value: {
    actionRequests: calls.map(({ name, args }) => ({ name, args })),
    reviewConfigs: calls.map(({ name }) => ({
      actionName: name,
      allowedDecisions: ["approve", "edit", "reject"],
    })),
  },
});

function threadOf(partial: Partial<AskUserThread>): AskUserThread {
  return {
    threadId: THREAD_ID,
    interrupts: [],
    isLoading: false,
    messages: [],
    respond: async () => undefined,
    ...partial,
  };
}

/** A page on the thread: its source and store, over `storage` (kept across a reload). */
async function openPage(storage: DraftStorage, first: AskUserThread) {
  const clock = createManualClock(START_MS);
  const source = createThreadQuestionSource({ threadId: THREAD_ID, clock, storage });
  const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "langgraph:t" });
  store.getState().start();
  source.update(first);
  await settle(0);
  const update = async (partial: Partial<AskUserThread>) => {
    source.update(threadOf(partial));
    await settle(0);
  };
  /** The summary's result under each action's decision step, by question id. */
  const results = (): Record<string, string | null> => {
    const entry = store.getState().prompts.get("r");
    if (entry === undefined) throw new Error("the review is not in the store");
    return Object.fromEntries(
      summarizePrompt(entry)
        .lines.filter((line) => /^action_\d+$/.test(line.questionId))
        .map((line) => [line.questionId, line.result]),
    );
  };
  return { source, store, update, results };
}

/** Opens the review, decides each action (in order) and submits. */
async function decide(storage: DraftStorage, calls: Call[], choices: string[]) {
  const asked = threadOf({ interrupts: [reviewOf(calls)], messages: [human, aiWith(calls)] });
  const page = await openPage(storage, asked);
  choices.forEach((choice, index) => {
    page.store.getState().chooseOption("r", `action_${index + 1}`, choice);
  });
  await page.store.getState().submit("r");
  return page;
}

describe("given an approved call whose result arrives after the interrupt went away", () => {
  it("should say the result is awaited, then drop that once the tool's result arrives", async () => {
    const page = await decide(createMemoryStorage(), [EMAIL], ["Approve"]);
    // The interrupt is gone and the run settled, but the tool's message is not there yet.
    await page.update({ messages: [human, aiWith([EMAIL])] });
    expect(page.results().action_1).toBe(PENDING);

    const sent = toolResult("c1", "sent email to bob@x.io (subject: hi)");
    await page.update({ messages: [human, aiWith([EMAIL]), sent, finalText] });
    expect(page.results().action_1).toBeNull();
  });

  it("should not say it did not run while the run is still in flight", async () => {
    const page = await decide(createMemoryStorage(), [EMAIL], ["Approve"]);
    await page.update({ isLoading: true, messages: [human, aiWith([EMAIL])] });
    await page.update({ messages: [human, aiWith([EMAIL])] });
    expect(page.results().action_1).not.toBe(NOT_RUN);
  });

  it("should correct the awaited result after a reload, when the result is there", async () => {
    const storage = createMemoryStorage();
    const before = await decide(storage, [EMAIL], ["Approve"]);
    await before.update({ messages: [human, aiWith([EMAIL])] });
    expect(before.results().action_1).toBe(PENDING);
    before.store.getState().stop();
    before.source.close();

    // A reload: the thread loads its messages first, with the call's result and the model's reply.
    const sent = toolResult("c1", "sent email to bob@x.io (subject: hi)");
    const after = await openPage(storage, threadOf({ isLoading: true }));
    expect(after.results().action_1).toBe(PENDING);
    await after.update({ messages: [human, aiWith([EMAIL]), sent, finalText] });
    expect(after.results().action_1).toBeNull();
  });
});

describe("given a batch in which one call is approved and another rejected", () => {
  // langchain 1.5's middleware drops the approved call from the model's turn, gives the rejected
  // one its error result, and calls the model again.
  const dropped = [
    human,
    aiWith([DELETE]),
    toolResult("c2", "User rejected the tool call for `delete_file`", "error"),
    finalText,
  ];

  it("should say the approved call did not run once the thread moved past it", async () => {
    const page = await decide(createMemoryStorage(), [EMAIL, DELETE], ["Approve", "Reject"]);
    await page.update({ messages: dropped });
    expect(page.results()).toEqual({ action_1: NOT_RUN, action_2: null });
  });

  it("should wait for the run to settle before saying so", async () => {
    const page = await decide(createMemoryStorage(), [EMAIL, DELETE], ["Approve", "Reject"]);
    await page.update({ isLoading: true, messages: [human, aiWith([EMAIL, DELETE])] });
    expect(page.results().action_1).not.toBe(NOT_RUN);
    await page.update({ messages: dropped });
    expect(page.results().action_1).toBe(NOT_RUN);
  });

  it("should still say it after a reload", async () => {
    const storage = createMemoryStorage();
    const before = await decide(storage, [EMAIL, DELETE], ["Approve", "Reject"]);
    await before.update({ messages: [human, aiWith([EMAIL, DELETE])] });
    before.store.getState().stop();
    before.source.close();

    const after = await openPage(storage, threadOf({ isLoading: true }));
    await after.update({ messages: dropped });
    expect(after.results().action_1).toBe(NOT_RUN);
  });
});
