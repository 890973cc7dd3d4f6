import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { type AskUserChat, createChatQuestionSource } from "../../src/ai-sdk/chat-question-source";
import { createQuestionStore } from "../../src/store/create-question-store";
import { promptStateOf } from "../../src/store/prompt-state";
import {
  selectActivePromptId,
  selectPendingPrompts,
  selectReplyTarget,
} from "../../src/store/selectors-prompts";
import type { DraftStorage } from "../../src/store/types";
import { createManualClock, type ManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle } from "../store/support/harness";

const START_MS = 1_800_000_000_000;
const CHAT_ID = "chat_1";
const SCOPE = { sessionKey: CHAT_ID };

const deployInput = {
  questions: [
    {
      id: "deploy_target",
      header: "Deploy",
      question: "Where should I deploy this build?",
      options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
    },
  ],
  timeoutSeconds: 60,
};

const checksInput = {
  questions: [
    {
      id: "checks",
      header: "Checks",
      question: "Which checks should I run?",
      options: [{ label: "Unit tests" }, { label: "Lint" }],
      multiSelect: true,
    },
  ],
};

type Part = {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
};

function askPart(toolCallId: string, input: unknown, state = "input-available"): Part {
  return { type: "tool-ask_user", toolCallId, state, input };
}

/** A chat as `useChat` keeps it: `addToolOutput` records the call and updates the part in place. */
function createChat(parts: Part[], options: { failOutputs?: number } = {}) {
  let failures = options.failOutputs ?? 0;
  const outputs: unknown[] = [];
  const chat = {
    id: CHAT_ID,
    messages: [
      { id: "user_1", role: "user", parts: [{ type: "text", text: "Deploy it" }] },
      { id: "assistant_1", role: "assistant", parts },
    ] as UIMessage[],
    addToolOutput: async (call: Record<string, unknown>) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error("the chat is busy");
      }
      outputs.push(call);
      const part = parts.find((candidate) => candidate.toolCallId === call.toolCallId);
      if (part === undefined) return;
      if (call.state === "output-error") {
        part.state = "output-error";
        part.errorText = String(call.errorText);
      } else {
        part.state = "output-available";
        part.output = call.output;
      }
    },
  };
  return { chat: chat as unknown as AskUserChat, outputs, parts };
}

async function openChat(
  chat: AskUserChat,
  options: { clock?: ManualClock; storage?: DraftStorage } = {},
) {
  const clock = options.clock ?? createManualClock(START_MS);
  const storage = options.storage ?? createMemoryStorage();
  const source = createChatQuestionSource({ chatId: CHAT_ID, clock, storage });
  const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "ai-sdk:chat" });
  store.getState().start();
  source.update(chat);
  await settle(0);
  return { clock, storage, source, store };
}

describe("given a pending ask_user part", () => {
  it("should show it as a prompt of the chat's session, with the model's questions", async () => {
    const { chat } = createChat([askPart("call_1", deployInput)]);
    const { store } = await openChat(chat);
    const [entry] = selectPendingPrompts(store.getState(), SCOPE);
    expect(entry?.id).toBe("call_1");
    expect(entry?.record).toMatchObject({
      sessionKey: CHAT_ID,
      createdAtMs: START_MS,
      expiresAtMs: START_MS + 60_000,
      questions: [{ questionId: "deploy_target", header: "Deploy" }],
    });
    // A chat message never answers a tool call: the dock must not offer "reply in the chat".
    expect(selectReplyTarget(store.getState(), SCOPE)).toBeNull();
  });

  it("should answer it with addToolOutput once, in the result OpenClaw gives", async () => {
    const { chat, outputs } = createChat([askPart("call_1", deployInput)]);
    const { store, source } = await openChat(chat);
    store.getState().chooseOption("call_1", "deploy_target", "Production");
    await store.getState().submit("call_1");
    source.update(chat);
    await settle(0);
    expect(outputs).toEqual([
      {
        tool: "ask_user",
        toolCallId: "call_1",
        output: { status: "answered", answers: { answers: { deploy_target: ["Production"] } } },
      },
    ]);
    const entry = store.getState().prompts.get("call_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered");
  });

  it("should give no_answer on Skip", async () => {
    const { chat, outputs } = createChat([askPart("call_1", deployInput)]);
    const { store } = await openChat(chat);
    await store.getState().skip("call_1");
    expect(outputs).toEqual([
      { tool: "ask_user", toolCallId: "call_1", output: { status: "no_answer" } },
    ]);
  });

  it("should give no_answer once when its deadline passes", async () => {
    const { chat, outputs } = createChat([askPart("call_1", deployInput)]);
    const { store, clock } = await openChat(chat);
    clock.advance(59_999);
    await settle(0);
    expect(outputs).toEqual([]);
    clock.advance(1);
    clock.advance(5_000);
    await settle(0);
    expect(outputs).toEqual([
      { tool: "ask_user", toolCallId: "call_1", output: { status: "no_answer" } },
    ]);
    const entry = store.getState().prompts.get("call_1");
    expect(entry === undefined ? null : promptStateOf(entry).outcome).toBe("expired");
  });

  it("should keep a failed answer for a retry, and send it once the chat takes it", async () => {
    const { chat, outputs } = createChat([askPart("call_1", deployInput)], { failOutputs: 1 });
    const { store } = await openChat(chat);
    store.getState().chooseOption("call_1", "deploy_target", "Production");
    await store.getState().submit("call_1");
    const failed = store.getState().prompts.get("call_1");
    expect(failed === undefined ? null : promptStateOf(failed).delivery).toBe("failed");
    await store.getState().retry("call_1");
    expect(outputs).toHaveLength(1);
    const entry = store.getState().prompts.get("call_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered");
  });
});

describe("given two ask_user calls in one step", () => {
  it("should show both, the first call first", async () => {
    const { chat } = createChat([askPart("call_b", deployInput), askPart("call_a", checksInput)]);
    const { store } = await openChat(chat);
    const ids = selectPendingPrompts(store.getState(), SCOPE).map((entry) => entry.id);
    expect(ids).toEqual(["call_b", "call_a"]);
    expect(selectActivePromptId(store.getState(), SCOPE)).toBe("call_b");
  });
});

describe("given parts that need no answer", () => {
  it("should never ask an answered part again", async () => {
    const answered = askPart("call_1", deployInput, "output-available");
    answered.output = {
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    };
    const { chat, outputs } = createChat([
      answered,
      askPart("call_2", deployInput, "input-streaming"),
    ]);
    const { store } = await openChat(chat);
    expect(store.getState().prompts.size).toBe(0);
    expect(outputs).toEqual([]);
  });

  it("should end the prompt, sending nothing, when the messages already hold its answer", async () => {
    const { chat, outputs, parts } = createChat([askPart("call_1", deployInput)]);
    const { store, source } = await openChat(chat);
    const [part] = parts;
    if (part === undefined) throw new Error("no part");
    part.state = "output-available";
    part.output = { status: "answered", answers: { answers: { deploy_target: ["Staging"] } } };
    source.update(chat);
    await settle(0);
    const entry = store.getState().prompts.get("call_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
    expect(outputs).toEqual([]);
  });

  it("should refuse an input that skipped the server's checks, naming the fields, and show nothing", async () => {
    const hostile = { questions: [{ id: "Bad Id!", header: "x", question: "y", options: [] }] };
    const { chat, outputs } = createChat([askPart("call_1", hostile)]);
    const { store } = await openChat(chat);
    expect(store.getState().prompts.size).toBe(0);
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ toolCallId: "call_1", state: "output-error" });
    const errorText = String((outputs[0] as { errorText: string }).errorText);
    expect(errorText).toMatch(/questions\[0\]\.id/);
    expect(errorText).toMatch(/questions\[0\]\.options/);
  });
});

describe("given a reload while the question waits", () => {
  it("should keep its deadline and the typed draft", async () => {
    const storage = createMemoryStorage();
    const first = createChat([askPart("call_1", deployInput)]);
    const before = await openChat(first.chat, { storage });
    before.store.getState().setOtherText("call_1", "deploy_target", "Canary, then production");
    before.store.getState().stop();
    before.source.close();

    const later = createManualClock(START_MS + 20_000);
    const again = createChat([askPart("call_1", deployInput)]);
    const after = await openChat(again.chat, { clock: later, storage });
    const entry = after.store.getState().prompts.get("call_1");
    expect(entry?.record.expiresAtMs).toBe(START_MS + 60_000);
    expect(
      after.store.getState().drafts.get("call_1")?.questions.get("deploy_target"),
    ).toMatchObject({
      otherText: "Canary, then production",
    });
    later.advance(40_000);
    await settle(0);
    expect(again.outputs).toEqual([
      { tool: "ask_user", toolCallId: "call_1", output: { status: "no_answer" } },
    ]);
  });
});
