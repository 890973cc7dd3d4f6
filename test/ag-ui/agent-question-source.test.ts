import type { RunAgentInput } from "@ag-ui/client";
import { describe, expect, it } from "vitest";
import {
  createAgentQuestionSource,
  type UnhandledAgUiInterrupt,
} from "../../src/ag-ui/agent-question-source";
import { askUserTool } from "../../src/ag-ui/ask-user-tool";
import { createQuestionStore } from "../../src/store/create-question-store";
import { promptStateOf } from "../../src/store/prompt-state";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle, until } from "../store/support/harness";
import { run, scriptedAgent, text, toolCall } from "./support/scripted-agent";

const START_MS = 1_800_000_000_000;
const THREAD_ID = "thread_1";
const SCOPE = { sessionKey: THREAD_ID };
const TOOLS = [askUserTool()];

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

const interrupt = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  reason: "ask_user",
  ...extra,
});

/** The agent after its first run, with the dock's store over it. */
async function open(
  runs: Parameters<typeof scriptedAgent>[0],
  unhandled: UnhandledAgUiInterrupt[] = [],
  sharedStorage = createMemoryStorage(),
) {
  // The reader is a chunk of its own; loaded here, the cases read the agent as a page that has it.
  await import("../../src/ag-ui/agent-updates");
  const { agent, inputs } = scriptedAgent(runs, THREAD_ID);
  const clock = createManualClock(START_MS);
  const storage = createMemoryStorage();
  const source = createAgentQuestionSource({
    agent,
    tools: TOOLS,
    clock,
    storage,
    sharedStorage,
    onUnhandled: (item) => unhandled.push(item),
  });
  const store = createQuestionStore({ api: source, clock, storage, gatewayKey: "ag-ui:t" });
  store.getState().start();
  source.watch();
  await agent.runAgent({ tools: TOOLS });
  await settle(0);
  return { agent, inputs, clock, source, store };
}

type Store = Awaited<ReturnType<typeof open>>["store"];

/** Chooses `label` for the color question and submits. */
function answer(store: Store, id: string, label: string): Promise<void> {
  store.getState().chooseOption(id, "color", label);
  return store.getState().submit(id);
}

const toolMessages = (input: RunAgentInput | undefined) =>
  (input?.messages ?? []).filter((message) => message.role === "tool");

describe("given a frontend ask_user call", () => {
  it("should answer it byte for byte as the tool message, once, and run the agent on", async () => {
    const { inputs, store } = await open([
      run(toolCall("call_1", "ask_user", askInput)),
      run(text("m_2", "Blue it is.")),
    ]);
    const [entry] = selectPendingPrompts(store.getState(), SCOPE);
    expect(entry?.record).toMatchObject({ id: "call_1", expiresAtMs: START_MS + 60_000 });
    store.getState().chooseOption("call_1", "color", "Blue");
    await store.getState().submit("call_1");
    await until(() => inputs.length === 2, "the next run");
    expect(toolMessages(inputs[1])).toEqual([
      {
        id: "ask-user-kit-result-call_1",
        role: "tool",
        toolCallId: "call_1",
        content: '{"status":"answered","answers":{"answers":{"color":["Blue"]}}}',
      },
    ]);
    expect(inputs[1]?.tools.map((tool) => tool.name)).toEqual(["ask_user"]);
    await settle(0);
    expect(inputs).toHaveLength(2);
  });

  it("should answer no_answer on Skip and when the deadline passes", async () => {
    const skipped = await open([run(toolCall("c1", "ask_user", askInput)), run([])]);
    await skipped.store.getState().skip("c1");
    await until(() => skipped.inputs.length === 2, "the run after Skip");
    expect(toolMessages(skipped.inputs[1])[0]?.content).toBe('{"status":"no_answer"}');

    const waited = await open([run(toolCall("c2", "ask_user", askInput)), run([])]);
    waited.clock.advance(60_001);
    await until(() => waited.inputs.length === 2, "the run after the deadline");
    expect(toolMessages(waited.inputs[1])[0]?.content).toBe('{"status":"no_answer"}');
    const entry = waited.store.getState().prompts.get("c2");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("expired");
  });

  it("should refuse hostile arguments with field errors the model reads, docking nothing", async () => {
    const hostile = JSON.stringify({
      questions: Array.from({ length: 7 }, (_, index) => ({
        ...askInput.questions[0],
        id: `q${index}`,
      })),
    });
    const { inputs, store } = await open([run(toolCall("bad", "ask_user", hostile)), run([])]);
    expect(store.getState().prompts.size).toBe(0);
    await until(() => inputs.length === 2, "the run with the refusal");
    const [result] = toolMessages(inputs[1]);
    expect(result?.toolCallId).toBe("bad");
    expect(result?.content).toMatch(/questions/);
  });

  it("should leave another tool's call to the page", async () => {
    const { inputs, store } = await open([run(toolCall("loc", "get_location", {}))]);
    await settle(0);
    expect(store.getState().prompts.size).toBe(0);
    expect(inputs).toHaveLength(1);
  });
});

describe("given an ask_user interrupt (CopilotKit's shape: the questions are the call's arguments)", () => {
  const asking = (id = "int_1", extra: Record<string, unknown> = {}) =>
    run(toolCall(`call_${id}`, "ask_user", askInput), {
      type: "interrupt",
      interrupts: [interrupt(id, { toolCallId: `call_${id}`, message: "Please answer", ...extra })],
    });

  it("should resume it with the answer as the payload, and add no tool message itself", async () => {
    const { agent, inputs, store } = await open([asking(), run(text("m_reply", "Red it is."))]);
    store.getState().chooseOption("int_1", "color", "Red");
    await store.getState().submit("int_1");
    await until(() => inputs.length === 2, "the resumed run");
    expect(inputs[1]?.resume).toEqual([
      {
        interruptId: "int_1",
        status: "resolved",
        payload: { status: "answered", answers: { answers: { color: ["Red"] } } },
      },
    ]);
    expect(toolMessages(inputs[1])).toEqual([]);
    // Once the run is done, the call's result is in the thread, right after the call.
    await until(() => agent.messages.some((message) => message.role === "tool"), "the result");
    expect(agent.messages.map((message) => message.role)).toEqual([
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(agent.messages[1]).toMatchObject({
      toolCallId: "call_int_1",
      content: '{"status":"answered","answers":{"answers":{"color":["Red"]}}}',
    });
  });

  it("should cancel it on Skip, and once past its expiresAt", async () => {
    const skipped = await open([asking(), run([])]);
    await skipped.store.getState().skip("int_1");
    await until(() => skipped.inputs.length === 2, "the run after Skip");
    expect(skipped.inputs[1]?.resume).toEqual([{ interruptId: "int_1", status: "cancelled" }]);

    const expiresAt = new Date(START_MS + 30_000).toISOString();
    const waited = await open([asking("int_2", { expiresAt }), run([])]);
    expect(waited.store.getState().prompts.get("int_2")?.record.expiresAtMs).toBe(
      START_MS + 30_000,
    );
    waited.clock.advance(30_001);
    await until(() => waited.inputs.length === 2, "the run after expiry");
    expect(waited.inputs[1]?.resume).toEqual([{ interruptId: "int_2", status: "cancelled" }]);
  });

  it("should never resume it twice (no re-execution)", async () => {
    const { inputs, store, source } = await open([asking(), run([])]);
    await answer(store, "int_1", "Red");
    await until(() => inputs.length === 2, "the resumed run");
    source.update();
    await answer(store, "int_1", "Blue").catch(() => undefined);
    await settle(0);
    expect(inputs).toHaveLength(2);
  });
});

describe("given several interrupts at once", () => {
  const two = run(
    [...toolCall("call_a", "ask_user", askInput), ...toolCall("call_b", "ask_user", askInput)],
    {
      type: "interrupt",
      interrupts: [
        interrupt("a", { toolCallId: "call_a" }),
        interrupt("b", { toolCallId: "call_b" }),
      ],
    },
  );

  it("should resume them together in one run, whatever order they were answered in", async () => {
    const { inputs, store } = await open([two, run([])]);
    await answer(store, "b", "Blue");
    await settle(0);
    expect(inputs).toHaveLength(1);
    await answer(store, "a", "Red");
    await until(() => inputs.length === 2, "the resumed run");
    expect(inputs[1]?.resume?.map((entry) => [entry.interruptId, entry.status])).toEqual([
      ["a", "resolved"],
      ["b", "resolved"],
    ]);
  });

  it("should leave one it cannot read to the host, and resume once the host answers it", async () => {
    const unhandled: UnhandledAgUiInterrupt[] = [];
    const mixed = run(toolCall("call_a", "ask_user", askInput), {
      type: "interrupt",
      interrupts: [
        interrupt("a", { toolCallId: "call_a" }),
        { id: "pay", reason: "payment_approval", message: "Pay 3 EUR?" },
      ],
    });
    const { inputs, store } = await open([mixed, run([])], unhandled);
    expect(unhandled.map((item) => [item.interrupt.id, item.reason])).toEqual([["pay", "unknown"]]);
    await answer(store, "a", "Red");
    await settle(0);
    expect(inputs).toHaveLength(1);
    unhandled[0]?.resolve({ approved: false });
    await until(() => inputs.length === 2, "the resumed run");
    expect(inputs[1]?.resume).toEqual([
      expect.objectContaining({ interruptId: "a", status: "resolved" }),
      { interruptId: "pay", status: "resolved", payload: { approved: false } },
    ]);
  });
});

describe("given an interrupt with message and responseSchema", () => {
  const form = run([], {
    type: "interrupt",
    interrupts: [
      {
        id: "form_1",
        reason: "approval",
        message: "Where should the report go?",
        responseSchema: {
          type: "object",
          properties: {
            email: { type: "string", format: "email", title: "Email" },
            copies: { type: "integer", minimum: 1, maximum: 5, title: "Copies" },
          },
          required: ["email"],
        },
      },
    ],
  });

  it("should show it as a form, check it before Submit, and resume with its content", async () => {
    const { inputs, store } = await open([form, run([])]);
    const entry = store.getState().prompts.get("form_1");
    expect(entry?.record.message).toBe("Where should the report go?");
    expect(entry?.record.questions.map((question) => question.header)).toEqual(["Email", "Copies"]);
    store.getState().setOtherText("form_1", "field_1", "not an email");
    await store
      .getState()
      .submit("form_1")
      .catch(() => undefined);
    await settle(0);
    expect(inputs).toHaveLength(1);
    store.getState().setOtherText("form_1", "field_1", "ops@example.com");
    store.getState().setOtherText("form_1", "field_2", "2");
    await store.getState().submit("form_1");
    await until(() => inputs.length === 2, "the resumed run");
    expect(inputs[1]?.resume).toEqual([
      {
        interruptId: "form_1",
        status: "resolved",
        payload: { email: "ops@example.com", copies: 2 },
      },
    ]);
  });
});

describe("given the agent moved on", () => {
  it("should refuse to resume an interrupt for another thread", async () => {
    const { agent, inputs, store } = await open([
      run(toolCall("call_x", "ask_user", askInput), {
        type: "interrupt",
        interrupts: [interrupt("x", { toolCallId: "call_x" })],
      }),
      run([]),
    ]);
    agent.threadId = "thread_2";
    await answer(store, "x", "Red");
    await settle(0);
    expect(inputs).toHaveLength(1);
    const entry = store.getState().prompts.get("x");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("failed");
  });

  it("should retire a call another client answered, with that answer", async () => {
    const { agent, store } = await open([run(toolCall("call_1", "ask_user", askInput))]);
    agent.setMessages([
      ...agent.messages,
      {
        id: "other",
        role: "tool",
        toolCallId: "call_1",
        content: '{"status":"answered","answers":{"answers":{"color":["Red"]}}}',
      },
    ]);
    await settle(0);
    const entry = store.getState().prompts.get("call_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
    expect(entry?.record.answers).toEqual({ answers: { color: ["Red"] } });
  });

  it("should say the send failed when the server is down, and send on Try again", async () => {
    const { inputs, store } = await open([
      run(toolCall("call_1", "ask_user", askInput), {
        type: "interrupt",
        interrupts: [interrupt("int_1", { toolCallId: "call_1" })],
      }),
      () => new TypeError("Failed to fetch"),
      run([]),
    ]);
    await answer(store, "int_1", "Red").catch(() => undefined);
    await settle(0);
    expect(inputs).toHaveLength(2);
    const failed = store.getState().prompts.get("int_1");
    expect(failed === undefined ? null : promptStateOf(failed).status).toBe("failed");
    await store.getState().retry("int_1");
    await until(() => inputs.length === 3, "the retried run");
    expect(inputs[2]?.resume?.[0]).toMatchObject({ interruptId: "int_1", status: "resolved" });
  });

  it("should answer a thread open in two tabs once: the second tab shows the first tab's answer", async () => {
    const shared = createMemoryStorage();
    const asking = run(toolCall("call_1", "ask_user", askInput), {
      type: "interrupt",
      interrupts: [interrupt("int_1", { toolCallId: "call_1" })],
    });
    const first = await open([asking, run([])], [], shared);
    // The second tab holds the same thread, as a host restores it from storage the tabs share.
    const second = await open([asking, run([])], [], shared);
    await answer(first.store, "int_1", "Red");
    await until(() => first.inputs.length === 2, "the first tab's resume");
    await answer(second.store, "int_1", "Blue");
    await settle(0);
    expect(second.inputs).toHaveLength(1);
    const entry = second.store.getState().prompts.get("int_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
    expect(entry?.record.answers).toEqual({ answers: { color: ["Red"] } });
  });

  it("should retire the question in a tab that reads the thread again after another tab answered", async () => {
    const shared = createMemoryStorage();
    const asking = run(toolCall("call_1", "ask_user", askInput));
    const first = await open([asking, run([])], [], shared);
    const second = await open([asking, run([])], [], shared);
    await answer(first.store, "call_1", "Red");
    await until(() => first.inputs.length === 2, "the first tab's run");
    second.source.update();
    await settle(0);
    const entry = second.store.getState().prompts.get("call_1");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
    expect(second.inputs).toHaveLength(1);
  });
});

describe("given an interrupt that carries its questions (LangGraph through @ag-ui/langgraph)", () => {
  it("should read the questions of metadata.langgraph.raw beside the value's own keys", async () => {
    const { inputs, store } = await open([
      run([], {
        type: "interrupt",
        interrupts: [
          {
            id: "lg_1",
            reason: "ask_user",
            metadata: { langgraph: { raw: { reason: "ask_user", ...askInput } } },
          },
        ],
      }),
      run([]),
    ]);
    expect(store.getState().prompts.get("lg_1")?.record.expiresAtMs).toBe(START_MS + 60_000);
    await answer(store, "lg_1", "Blue");
    await until(() => inputs.length === 2, "the resumed run");
    expect(inputs[1]?.resume).toEqual([
      {
        interruptId: "lg_1",
        status: "resolved",
        payload: { status: "answered", answers: { answers: { color: ["Blue"] } } },
      },
    ]);
  });
});
