// The chat source reads ask_user calls with a part it loads with import() as it is made. A call
// that arrives before that chunk has loaded waits for it; when the chunk cannot load (a network
// error), the store says so (`sourceFailure`) and nothing is answered or dropped: Try again docks
// the call.
import type { UIMessage } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AskUserChat } from "../../src/ai-sdk/chat-question-source";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle } from "../store/support/harness";

const CHAT_ID = "chat_1";
const READER = "../../src/ai-sdk/chat-calls";
const deployInput = {
  questions: [
    {
      id: "deploy_target",
      header: "Deploy",
      question: "Where should I deploy this build?",
      options: [{ label: "Staging" }, { label: "Production" }],
    },
  ],
};

afterEach(() => {
  vi.doUnmock(READER);
  vi.resetModules();
});

/** A chat with one call waiting for input; `outputs` records what `addToolOutput` was given. */
function chatAsking(input: unknown) {
  const outputs: unknown[] = [];
  const chat = {
    id: CHAT_ID,
    messages: [
      {
        id: "assistant_1",
        role: "assistant",
        parts: [{ type: "tool-ask_user", toolCallId: "call_1", state: "input-available", input }],
      },
    ] as UIMessage[],
    addToolOutput: async (call: unknown) => {
      outputs.push(call);
    },
  } as unknown as AskUserChat;
  return { chat, outputs };
}

/**
 * A store over a chat source whose call reader loads only as `reader` says: `release()` lets a
 * held load through, `heal()` ends failing ones.
 */
async function chatWithoutItsReader(reader: "held" | "failing") {
  vi.resetModules();
  let failing = reader === "failing";
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.doMock(READER, async (importOriginal) => {
    if (failing) throw new Error("Failed to fetch dynamically imported module");
    if (reader === "held") await held;
    return importOriginal();
  });
  const { createChatQuestionSource } = await import("../../src/ai-sdk/chat-question-source");
  const { createQuestionStore } = await import("../../src/store/create-question-store");
  const { selectPendingPrompts } = await import("../../src/store/selectors-prompts");
  const clock = createManualClock(1_800_000_000_000);
  const storage = createMemoryStorage();
  const source = createChatQuestionSource({ chatId: CHAT_ID, clock, storage });
  const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "ai-sdk:chat" });
  store.getState().start();
  const pendingIds = () =>
    selectPendingPrompts(store.getState(), { sessionKey: CHAT_ID }).map((entry) => entry.id);
  const heal = () => {
    failing = false;
    vi.doUnmock(READER);
  };
  return { source, store, pendingIds, release, heal };
}

describe("a call that arrives before the chat's call reader has loaded", () => {
  it("waits for it, unsaid, and is docked once it loads", async () => {
    const { source, store, pendingIds, release } = await chatWithoutItsReader("held");
    const { chat, outputs } = chatAsking(deployInput);
    source.update(chat);
    await settle(0);
    expect(pendingIds()).toEqual([]);
    expect(store.getState().sourceFailure).toBeNull();

    release();
    await vi.waitFor(() => expect(pendingIds()).toEqual(["call_1"]));
    store.getState().chooseOption("call_1", "deploy_target", "Production");
    await store.getState().submit("call_1");
    expect(outputs).toEqual([
      {
        tool: "ask_user",
        toolCallId: "call_1",
        output: { status: "answered", answers: { answers: { deploy_target: ["Production"] } } },
      },
    ]);
  });

  it("is refused with the output-error once the reader has loaded, when its input is broken", async () => {
    const { source, store, release } = await chatWithoutItsReader("held");
    const { chat, outputs } = chatAsking({ questions: [{ id: "Bad Id!", header: "x" }] });
    source.update(chat);
    await settle(0);
    expect(outputs).toEqual([]);

    release();
    await vi.waitFor(() => expect(outputs).toHaveLength(1));
    expect(outputs[0]).toMatchObject({ toolCallId: "call_1", state: "output-error" });
    expect(String((outputs[0] as { errorText: string }).errorText)).toMatch(/questions\[0\]\.id/);
    expect(store.getState().prompts.size).toBe(0);
  });
});

describe("a chat whose call reader did not load", () => {
  it("says so in the store, answers nothing, and Try again docks the call", async () => {
    const { source, store, pendingIds, heal } = await chatWithoutItsReader("failing");
    const { chat, outputs } = chatAsking(deployInput);
    source.update(chat);
    await vi.waitFor(() => expect(store.getState().sourceFailure).not.toBeNull());
    expect(pendingIds()).toEqual([]);
    expect(outputs).toEqual([]);

    heal();
    await store.getState().retrySource();
    await vi.waitFor(() => expect(pendingIds()).toEqual(["call_1"]));
    expect(store.getState().sourceFailure).toBeNull();
    await store.getState().skip("call_1");
    expect(outputs).toEqual([
      { tool: "ask_user", toolCallId: "call_1", output: { status: "no_answer" } },
    ]);
  });

  it("stops saying so once the chat no longer waits on the call", async () => {
    const { source, store } = await chatWithoutItsReader("failing");
    const { chat } = chatAsking(deployInput);
    source.update(chat);
    await vi.waitFor(() => expect(store.getState().sourceFailure).not.toBeNull());
    source.update({ ...chat, messages: [] });
    await vi.waitFor(() => expect(store.getState().sourceFailure).toBeNull());
  });
});
