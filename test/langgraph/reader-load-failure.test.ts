// The thread source reads interrupts with a part it loads with import() as it is made. When that
// chunk cannot load (a network error), no interrupt may be answered or dropped: the host hears why
// it is not shown, and the next update of the thread loads the part again and docks it.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AskUserThread, UnhandledInterrupt } from "../../src/langgraph/thread-question-source";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle } from "../store/support/harness";

const THREAD_ID = "thread_1";
const interrupt = {
  id: "int_1",
  value: {
    type: "tool",
    toolCall: {
      id: "call_1",
      name: "ask_user",
      args: {
        questions: [
          {
            id: "color",
            header: "Color",
            question: "Which color?",
            options: [{ label: "Red" }, { label: "Blue" }],
          },
        ],
      },
    },
  },
};

afterEach(() => {
  vi.doUnmock("../../src/langgraph/thread-updates");
  vi.resetModules();
});

/** A store over a thread whose interrupt reader fails to load until `heal()`. */
async function threadWithoutItsReader() {
  vi.resetModules();
  let failing = true;
  vi.doMock("../../src/langgraph/thread-updates", async (importOriginal) => {
    if (failing) throw new Error("Failed to fetch dynamically imported module");
    return importOriginal();
  });
  const { createThreadQuestionSource } = await import("../../src/langgraph/thread-question-source");
  const { createQuestionStore } = await import("../../src/store/create-question-store");
  const { selectPendingPrompts } = await import("../../src/store/selectors-prompts");
  const unhandled: UnhandledInterrupt[] = [];
  const resumes: unknown[] = [];
  const thread: AskUserThread = {
    threadId: THREAD_ID,
    interrupts: [interrupt],
    isLoading: false,
    messages: [],
    respond: (value) => resumes.push(value),
  };
  const clock = createManualClock(1_800_000_000_000);
  const storage = createMemoryStorage();
  const source = createThreadQuestionSource({
    threadId: THREAD_ID,
    clock,
    storage,
    onUnhandled: (item) => unhandled.push(item),
  });
  const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "langgraph:t" });
  store.getState().start();
  const pendingIds = () =>
    selectPendingPrompts(store.getState(), { sessionKey: THREAD_ID }).map(
      (entry) => entry.record.id,
    );
  const heal = () => {
    failing = false;
    vi.doUnmock("../../src/langgraph/thread-updates");
  };
  return { source, store, thread, unhandled, resumes, pendingIds, heal };
}

describe("a thread whose interrupt reader did not load", () => {
  it("tells the host, answers nothing, and docks the interrupt once a later update loads it", async () => {
    const { source, store, thread, unhandled, resumes, pendingIds, heal } =
      await threadWithoutItsReader();
    source.update(thread);
    await settle(0);

    expect(unhandled).toEqual([
      expect.objectContaining({
        interrupt,
        reason: "unavailable",
        issues: [expect.stringContaining("part of this page did not load")],
      }),
    ]);
    expect(resumes).toEqual([]);
    expect(pendingIds()).toEqual([]);

    heal();
    source.update({ ...thread });
    await vi.waitFor(() => expect(pendingIds()).toEqual(["int_1"]));
    store.getState().chooseOption("int_1", "color", "Blue");
    await store.getState().submit("int_1");
    expect(resumes).toEqual([{ status: "answered", answers: { answers: { color: ["Blue"] } } }]);
  });

  it("says so in the store until Try again loads it, with no new update of the thread", async () => {
    const { source, store, thread, pendingIds, heal } = await threadWithoutItsReader();
    source.update(thread);
    await vi.waitFor(() => expect(store.getState().sourceFailure).not.toBeNull());

    heal();
    await store.getState().retrySource();
    await vi.waitFor(() => expect(pendingIds()).toEqual(["int_1"]));
    expect(store.getState().sourceFailure).toBeNull();
  });

  it("stops saying so once the thread no longer waits on an interrupt", async () => {
    const { source, store, thread } = await threadWithoutItsReader();
    source.update(thread);
    await vi.waitFor(() => expect(store.getState().sourceFailure).not.toBeNull());
    source.update({ ...thread, interrupts: [] });
    await vi.waitFor(() => expect(store.getState().sourceFailure).toBeNull());
  });
});
