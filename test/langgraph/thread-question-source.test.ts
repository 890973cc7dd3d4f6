import { describe, expect, it } from "vitest";
import {
  type AskUserThread,
  createThreadQuestionSource,
  type UnhandledInterrupt,
} from "../../src/langgraph/thread-question-source";
import { createQuestionStore } from "../../src/store/create-question-store";
import { promptStateOf } from "../../src/store/prompt-state";
import { selectPendingPrompts, selectTimeLeftMs } from "../../src/store/selectors-prompts";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle } from "../store/support/harness";

const START_MS = 1_800_000_000_000;
const THREAD_ID = "thread_1";
const SCOPE = { sessionKey: THREAD_ID };

const askInput = {
  questions: [
    {
      id: "color",
      header: "Color",
      question: "Which color?",
      options: [{ label: "Red" }, { label: "Blue" }],
    },
  ],
  timeoutSeconds: 60,
};

const headless = (id: string, args: unknown, callId = `call_${id}`) => ({
  id,
  value: { type: "tool", toolCall: { id: callId, name: "ask_user", args } },
});

const review = (id: string) => ({
  id,
  value: {
    actionRequests: [
      { name: "send_email", args: { to: "bob@x.io", subject: "hi" }, description: "Check it" },
      { name: "delete_file", args: { path: "/tmp/a" } },
    ],
    reviewConfigs: [
      { actionName: "send_email", allowedDecisions: ["approve", "edit", "reject"] },
      { actionName: "delete_file", allowedDecisions: ["approve", "reject"] },
    ],
  },
});

type Resume = { value: unknown; interruptId: string };

function createThread(interrupts: AskUserThread["interrupts"]) {
  const resumes: Resume[] = [];
  const thread: AskUserThread = {
    threadId: THREAD_ID,
    interrupts,
    isLoading: false,
    messages: [],
    respond: async (value, { interruptId }) => {
      resumes.push({ value, interruptId });
    },
  };
  return { thread, resumes };
}

async function open(thread: AskUserThread, unhandled: UnhandledInterrupt[] = []) {
  const clock = createManualClock(START_MS);
  const storage = createMemoryStorage();
  const source = createThreadQuestionSource({
    threadId: THREAD_ID,
    clock,
    storage,
    onUnhandled: (item) => unhandled.push(item),
  });
  const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "langgraph:t" });
  store.getState().start();
  source.update(thread);
  await settle(0);
  return { clock, source, store };
}

describe("given a headless ask_user interrupt", () => {
  it("should resume that interrupt with OpenClaw's result, not wrapped under the call id", async () => {
    const { thread, resumes } = createThread([headless("int_1", askInput)]);
    const { store } = await open(thread);
    const [entry] = selectPendingPrompts(store.getState(), SCOPE);
    expect(entry?.record).toMatchObject({ id: "int_1", expiresAtMs: START_MS + 60_000 });
    store.getState().chooseOption("int_1", "color", "Blue");
    await store.getState().submit("int_1");
    expect(resumes).toEqual([
      {
        interruptId: "int_1",
        value: { status: "answered", answers: { answers: { color: ["Blue"] } } },
      },
    ]);
  });

  it("should resume with no_answer on Skip and when the deadline passes", async () => {
    const { thread, resumes } = createThread([headless("a", askInput), headless("b", askInput)]);
    const { store, clock } = await open(thread);
    await store.getState().skip("a");
    clock.advance(60_001);
    await settle(0);
    expect(resumes).toEqual([
      { interruptId: "a", value: { status: "no_answer" } },
      { interruptId: "b", value: { status: "no_answer" } },
    ]);
  });

  it("should leave a broken call to the host with its field errors, answering nothing", async () => {
    const questions = Array.from({ length: 7 }, (_, index) => ({
      ...askInput.questions[0],
      id: `q_${index}`,
    }));
    const { thread, resumes } = createThread([headless("int_1", { questions })]);
    const unhandled: UnhandledInterrupt[] = [];
    const { store } = await open(thread, unhandled);
    expect(store.getState().prompts.size).toBe(0);
    expect(resumes).toEqual([]);
    expect(unhandled).toHaveLength(1);
    expect(unhandled[0]?.reason).toBe("refused");
    expect(unhandled[0]?.issues.join("\n")).toMatch(/questions/);
  });

  it("should leave another tool's call and an unknown value to the host", async () => {
    const { thread, resumes } = createThread([
      { id: "x", value: { type: "tool", toolCall: { id: "c", name: "get_location", args: {} } } },
      { id: "y", value: 42 },
    ]);
    const unhandled: UnhandledInterrupt[] = [];
    const { store } = await open(thread, unhandled);
    expect(store.getState().prompts.size).toBe(0);
    expect(resumes).toEqual([]);
    expect(unhandled.map((item) => [item.interrupt.id, item.reason])).toEqual([
      ["x", "unknown"],
      ["y", "unknown"],
    ]);
  });

  it("should retire the prompt with the other tab's answer once the thread has it", async () => {
    const { thread } = createThread([headless("int_1", askInput, "call_9")]);
    const { store, source } = await open(thread);
    source.update({
      ...thread,
      interrupts: [],
      messages: [
        {
          type: "tool",
          tool_call_id: "call_9",
          content: '{"status":"answered","answers":{"answers":{"color":["Red"]}}}',
        },
      ],
    });
    await settle(0);
    const entry = store.getState().prompts.get("int_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
    expect(entry?.record.answers).toEqual({ answers: { color: ["Red"] } });
  });

  it("should not dock an ended question again when a stale list shows it", async () => {
    const { thread } = createThread([headless("int_1", askInput, "call_9")]);
    const { store, source } = await open(thread);
    source.update({ ...thread, interrupts: [] });
    await settle(0);
    source.update(thread);
    await settle(0);
    expect(selectPendingPrompts(store.getState(), SCOPE)).toEqual([]);
  });

  it("should keep the prompt while a run is in flight and its interrupts are not listed yet", async () => {
    const { thread } = createThread([headless("int_1", askInput)]);
    const { store, source } = await open(thread);
    source.update({ ...thread, interrupts: [], isLoading: true });
    await settle(0);
    expect(selectPendingPrompts(store.getState(), SCOPE).map((entry) => entry.id)).toEqual([
      "int_1",
    ]);
  });
});

describe("given a review interrupt of the human-in-the-loop middleware", () => {
  it("should resume with one decision per action, in order", async () => {
    const { thread, resumes } = createThread([review("r")]);
    const { store } = await open(thread);
    store.getState().chooseOption("r", "action_1", "Approve");
    store.getState().chooseOption("r", "action_2", "Reject");
    await store.getState().submit("r");
    expect(resumes).toEqual([
      { interruptId: "r", value: { decisions: [{ type: "approve" }, { type: "reject" }] } },
    ]);
  });

  it("should send an edit when an argument was changed and the call approved", async () => {
    const { thread, resumes } = createThread([review("r")]);
    const { store } = await open(thread);
    store.getState().chooseOption("r", "action_1", "Approve");
    store.getState().setOtherText("r", "action_1_arg_1", "carol@x.io");
    store.getState().chooseOption("r", "action_2", "Approve");
    await store.getState().submit("r");
    expect(resumes[0]?.value).toEqual({
      decisions: [
        {
          type: "edit",
          editedAction: { name: "send_email", args: { to: "carol@x.io", subject: "hi" } },
        },
        { type: "approve" },
      ],
    });
  });

  it("should reject with the typed reason", async () => {
    const { thread, resumes } = createThread([review("r")]);
    const { store } = await open(thread);
    store.getState().setOtherText("r", "action_1", "No, do not email Bob.");
    store.getState().chooseOption("r", "action_2", "Approve");
    await store.getState().submit("r");
    expect(resumes[0]?.value).toEqual({
      decisions: [{ type: "reject", message: "No, do not email Bob." }, { type: "approve" }],
    });
  });

  it("should reject every action on Skip and never let a deadline decide", async () => {
    const { thread, resumes } = createThread([review("r"), headless("a", askInput)]);
    const { store, clock } = await open(thread);
    // A review shows no time left; an ask_user its own.
    expect(selectTimeLeftMs(store.getState(), "r")).toBeNull();
    expect(selectTimeLeftMs(store.getState(), "a")).toBe(60_000);
    clock.advance(3_600_000 * 24);
    await settle(0);
    expect(resumes).toEqual([]);
    await store.getState().skip("r");
    expect(resumes).toContainEqual({
      interruptId: "r",
      value: { decisions: [{ type: "reject" }, { type: "reject" }] },
    });
  });

  it("should send typed text as a reply where the middleware allows respond", async () => {
    const replying = review("r");
    replying.value.reviewConfigs[0] = {
      actionName: "send_email",
      allowedDecisions: ["approve", "reject", "respond"],
    };
    const { thread, resumes } = createThread([replying]);
    const { store } = await open(thread);
    store.getState().setOtherText("r", "action_1", "Tell Bob tomorrow instead.");
    store.getState().chooseOption("r", "action_2", "Reject");
    await store.getState().submit("r");
    expect(resumes[0]?.value).toEqual({
      decisions: [{ type: "respond", message: "Tell Bob tomorrow instead." }, { type: "reject" }],
    });
  });

  it("should not send an edit of an action whose config does not allow it", async () => {
    const only = review("r");
    only.value.reviewConfigs[0] = { actionName: "send_email", allowedDecisions: ["approve"] };
    const { thread, resumes } = createThread([only]);
    const { store } = await open(thread);
    // No argument steps for a call that cannot be edited; a typed reason cannot reject it.
    const questions = store.getState().prompts.get("r")?.record.questions ?? [];
    expect(questions.map((question) => question.questionId)).toEqual(["action_1", "action_2"]);
    store.getState().setOtherText("r", "action_1", "no");
    store.getState().chooseOption("r", "action_2", "Approve");
    await store.getState().submit("r");
    expect(resumes).toEqual([]);
  });
});

describe("given an interrupt whose value is an ask_user input or an MCP-style form", () => {
  it("should resume a form with accept and its typed content", async () => {
    const { thread, resumes } = createThread([
      {
        id: "f",
        value: {
          message: "Your details",
          requestedSchema: {
            type: "object",
            properties: { age: { type: "integer", title: "Age" } },
            required: ["age"],
          },
        },
      },
    ]);
    const { store } = await open(thread);
    store.getState().setOtherText("f", "field_1", "42");
    await store.getState().submit("f");
    expect(resumes).toEqual([
      { interruptId: "f", value: { action: "accept", content: { age: 42 } } },
    ]);
  });

  it("should resume a plain ask_user input with the result", async () => {
    const { thread, resumes } = createThread([{ id: "p", value: askInput }]);
    const { store } = await open(thread);
    store.getState().chooseOption("p", "color", "Red");
    await store.getState().submit("p");
    expect(resumes[0]?.value).toEqual({
      status: "answered",
      answers: { answers: { color: ["Red"] } },
    });
  });
});

describe("given two interrupts pending at one checkpoint", () => {
  function withRespondAll(thread: AskUserThread) {
    const batches: Array<Record<string, unknown>> = [];
    return {
      thread: {
        ...thread,
        respondAll: async (values: Record<string, unknown>) => {
          batches.push(values);
        },
      },
      batches,
    };
  }

  it("should hold the first answer and resume both together with the second", async () => {
    const base = createThread([headless("a", askInput), headless("b", askInput)]);
    const { thread, batches } = withRespondAll(base.thread);
    const { store } = await open(thread);
    store.getState().chooseOption("a", "color", "Red");
    await store.getState().submit("a");
    expect(batches).toEqual([]);
    expect(base.resumes).toEqual([]);
    const first = store.getState().prompts.get("a");
    expect(first === undefined ? null : promptStateOf(first).status).toBe("answered");
    store.getState().chooseOption("b", "color", "Blue");
    await store.getState().submit("b");
    expect(batches).toEqual([
      {
        a: { status: "answered", answers: { answers: { color: ["Red"] } } },
        b: { status: "answered", answers: { answers: { color: ["Blue"] } } },
      },
    ]);
  });

  it("should not dock the held one again after a reload, and send it with the other", async () => {
    const base = createThread([headless("a", askInput), headless("b", askInput)]);
    const { thread, batches } = withRespondAll(base.thread);
    const clock = createManualClock(START_MS);
    const storage = createMemoryStorage();
    const make = async () => {
      const source = createThreadQuestionSource({ threadId: THREAD_ID, clock, storage });
      const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "lg" });
      store.getState().start();
      source.update(thread);
      await settle(0);
      return store;
    };
    const before = await make();
    before.getState().chooseOption("a", "color", "Red");
    await before.getState().submit("a");
    before.getState().stop();

    const after = await make();
    expect(selectPendingPrompts(after.getState(), SCOPE).map((entry) => entry.id)).toEqual(["b"]);
    after.getState().chooseOption("b", "color", "Blue");
    await after.getState().submit("b");
    expect(batches).toHaveLength(1);
    expect(Object.keys(batches[0] ?? {})).toEqual(["a", "b"]);
  });
});

describe("given a thread resumed by another client", () => {
  const aiWithCalls = (calls: Array<{ id: string; name: string; args: unknown }>) => ({
    type: "ai",
    content: "",
    tool_calls: calls,
  });

  it("should retire a review once a reviewed call has its result, though the interrupt is still listed", async () => {
    const { thread, resumes } = createThread([review("r")]);
    const messages = [
      aiWithCalls([
        { id: "c1", name: "send_email", args: { to: "bob@x.io", subject: "hi" } },
        { id: "c2", name: "delete_file", args: { path: "/tmp/a" } },
      ]),
    ];
    const { store, source } = await open({ ...thread, messages });
    source.update({
      ...thread,
      messages: [...messages, { type: "tool", tool_call_id: "c2", content: "deleted /tmp/a" }],
    });
    await settle(0);
    expect(selectPendingPrompts(store.getState(), SCOPE)).toEqual([]);
    expect(resumes).toEqual([]);
  });

  it("should retire an ask_user whose call has its result, though the interrupt is still listed", async () => {
    const { thread } = createThread([headless("int_1", askInput, "call_9")]);
    const { store, source } = await open(thread);
    const result = '{"status":"answered","answers":{"answers":{"color":["Red"]}}}';
    source.update({
      ...thread,
      messages: [{ type: "tool", tool_call_id: "call_9", content: result }],
    });
    await settle(0);
    const entry = store.getState().prompts.get("int_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
  });
});
