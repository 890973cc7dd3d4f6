// Proves the local LangGraph server end to end over HTTP with the real SDK client: the review
// agent's approve / reject / edit, the kit's ask_user tool, and the plain form graph.
// Run: npx tsx scripts/langgraph/smoke.ts
import assert from "node:assert/strict";
import { Client } from "@langchain/langgraph-sdk";
import { startLangGraphServer } from "./server";

type WireToolCall = { id: string; name: string; args: Record<string, unknown> };
type WireMessage = {
  type: string;
  content: unknown;
  tool_calls?: WireToolCall[];
  tool_call_id?: string;
  status?: string;
  name?: string;
};
type PendingInterrupt = { id: string; value: unknown };
type RunValues = {
  messages?: WireMessage[];
  request?: unknown;
  answer?: unknown;
  __interrupt__?: PendingInterrupt[];
};

type Graph = "review" | "ask" | "form";

// The server's JSON, read as the shapes the graphs write; every case asserts what it relies on.
const asValues = (values: unknown): RunValues => values as RunValues;

const say = (text: string) => ({ messages: [{ role: "user", content: text }] });

async function start(client: Client, graph: Graph, input: Record<string, unknown>) {
  const { thread_id: threadId } = await client.threads.create();
  const values = asValues(await client.runs.wait(threadId, graph, { input }));
  return { threadId, values };
}

async function resume(client: Client, threadId: string, graph: Graph, value: unknown) {
  return asValues(await client.runs.wait(threadId, graph, { command: { resume: value } }));
}

async function messagesOf(client: Client, threadId: string): Promise<WireMessage[]> {
  const state = await client.threads.getState(threadId);
  return asValues(state.values).messages ?? [];
}

function onlyInterrupt(values: RunValues): PendingInterrupt {
  const pending = values.__interrupt__ ?? [];
  assert.equal(pending.length, 1, `one interrupt expected, got ${JSON.stringify(pending)}`);
  return pending[0]!;
}

const toolResults = (values: RunValues) =>
  (values.messages ?? []).filter((message) => message.type === "tool");

function finalText(values: RunValues): unknown {
  const last = values.messages?.at(-1);
  assert.equal(last?.type, "ai", "the run ends with the model's answer");
  return last?.content;
}

async function assertIdle(client: Client, threadId: string): Promise<void> {
  const thread = await client.threads.get(threadId);
  assert.equal(thread.status, "idle");
}

const EMAIL = { to: "bob@x.io", subject: "hi" };
const COLOR_QUESTIONS = [
  {
    id: "color",
    header: "Color",
    question: "Which color?",
    options: [{ label: "Red" }, { label: "Blue" }],
  },
];
const ANSWERED = { status: "answered", answers: { answers: { color: ["Blue"] } } };

const CASES: Record<string, (client: Client) => Promise<void>> = {
  "review: two guarded calls → one interrupt, both approved": async (client) => {
    const { threadId, values } = await start(
      client,
      "review",
      say(`/call send_email ${JSON.stringify(EMAIL)};;/call delete_file {"path":"/tmp/a.txt"}`),
    );
    const request = onlyInterrupt(values).value as {
      actionRequests: { name: string; args: unknown }[];
      reviewConfigs: { actionName: string; allowedDecisions: string[] }[];
    };
    assert.deepEqual(
      request.actionRequests.map(({ name, args }) => ({ name, args })),
      [
        { name: "send_email", args: EMAIL },
        { name: "delete_file", args: { path: "/tmp/a.txt" } },
      ],
    );
    assert.deepEqual(request.reviewConfigs, [
      { actionName: "send_email", allowedDecisions: ["approve", "edit", "reject"] },
      { actionName: "delete_file", allowedDecisions: ["approve", "reject"] },
    ]);
    const done = await resume(client, threadId, "review", {
      decisions: [{ type: "approve" }, { type: "approve" }],
    });
    assert.deepEqual(
      toolResults(done).map(({ content, status }) => ({ content, status })),
      [
        { content: "sent email to bob@x.io (subject: hi)", status: "success" },
        { content: "deleted /tmp/a.txt", status: "success" },
      ],
    );
    assert.equal(
      finalText(done),
      "tool send_email said: sent email to bob@x.io (subject: hi)\ntool delete_file said: deleted /tmp/a.txt",
    );
    await assertIdle(client, threadId);
  },

  "review: get_time runs without review": async (client) => {
    const { threadId, values } = await start(
      client,
      "review",
      say(`/call get_time {};;/call send_email ${JSON.stringify(EMAIL)}`),
    );
    const request = onlyInterrupt(values).value as { actionRequests: { name: string }[] };
    assert.deepEqual(
      request.actionRequests.map(({ name }) => name),
      ["send_email"],
    );
    const done = await resume(client, threadId, "review", { decisions: [{ type: "approve" }] });
    assert.deepEqual(
      toolResults(done).map(({ name }) => name),
      ["get_time", "send_email"],
    );
  },

  "review: reject with a message → error result with that message": async (client) => {
    const { threadId, values } = await start(
      client,
      "review",
      say(`/call send_email ${JSON.stringify(EMAIL)}`),
    );
    onlyInterrupt(values);
    const done = await resume(client, threadId, "review", {
      decisions: [{ type: "reject", message: "No, do not email Bob." }],
    });
    const results = toolResults(done);
    assert.deepEqual(
      results.map(({ content, status }) => ({ content, status })),
      [{ content: "No, do not email Bob.", status: "error" }],
    );
    assert.equal(finalText(done), "tool send_email said: No, do not email Bob.");
    await assertIdle(client, threadId);
  },

  "review: edit → the tool runs with the edited arguments": async (client) => {
    const { threadId, values } = await start(
      client,
      "review",
      say(`/call send_email ${JSON.stringify(EMAIL)}`),
    );
    onlyInterrupt(values);
    const callId = (await messagesOf(client, threadId)).at(-1)?.tool_calls?.[0]?.id;
    const edited = { to: "carol@x.io", subject: "edited" };
    const done = await resume(client, threadId, "review", {
      decisions: [{ type: "edit", editedAction: { name: "send_email", args: edited } }],
    });
    const call = done.messages?.find((message) => message.type === "ai")?.tool_calls?.[0];
    assert.deepEqual(call, { id: callId, name: "send_email", args: edited, type: "tool_call" });
    assert.deepEqual(
      toolResults(done).map(({ content, tool_call_id }) => ({ content, tool_call_id })),
      [{ content: "sent email to carol@x.io (subject: edited)", tool_call_id: callId }],
    );
  },

  "ask: ask_user → headless interrupt; the answer is the tool result byte for byte": async (
    client,
  ) => {
    const { threadId, values } = await start(
      client,
      "ask",
      say(`/call ask_user ${JSON.stringify({ questions: COLOR_QUESTIONS })}`),
    );
    const pending = onlyInterrupt(values);
    const request = pending.value as {
      type: string;
      toolCall: { id: string; name: string; args: { questions: unknown } };
    };
    const callId = (await messagesOf(client, threadId)).at(-1)?.tool_calls?.[0]?.id;
    assert.equal(request.type, "tool");
    assert.equal(request.toolCall.name, "ask_user");
    assert.equal(request.toolCall.id, callId);
    assert.deepEqual(request.toolCall.args.questions, COLOR_QUESTIONS);
    const done = await resume(client, threadId, "ask", { [pending.id]: ANSWERED });
    const [result] = toolResults(done);
    const expected = '{"status":"answered","answers":{"answers":{"color":["Blue"]}}}';
    assert.equal(result?.content, expected);
    assert.equal(result?.tool_call_id, callId);
    assert.equal(finalText(done), `tool ask_user said: ${expected}`);
    await assertIdle(client, threadId);
  },

  "form: an MCP-style form round trip": async (client) => {
    const form = {
      message: "Confirm the release.",
      requestedSchema: {
        type: "object",
        properties: { target: { type: "string", enum: ["staging", "production"] } },
        required: ["target"],
      },
    };
    const { threadId, values } = await start(client, "form", { request: form });
    const pending = onlyInterrupt(values);
    assert.deepEqual(pending.value, form);
    const answer = { action: "accept", content: { target: "staging" } };
    const done = await resume(client, threadId, "form", { [pending.id]: answer });
    assert.deepEqual(done, { request: form, answer });
    await assertIdle(client, threadId);
  },

  "form: any value pauses the graph; a bare resume answers it": async (client) => {
    const garbage = [1, "two", null, { three: [3] }];
    const { threadId, values } = await start(client, "form", { request: garbage });
    assert.deepEqual(onlyInterrupt(values).value, garbage);
    const done = await resume(client, threadId, "form", "whatever");
    assert.deepEqual(done, { request: garbage, answer: "whatever" });
  },
};

async function main(): Promise<number> {
  const startedAt = performance.now();
  const server = await startLangGraphServer();
  console.log(`server ready in ${Math.round(performance.now() - startedAt)} ms at ${server.url}`);
  const client = new Client({ apiUrl: server.url });
  let passed = 0;
  let failed = 0;
  try {
    for (const [name, run] of Object.entries(CASES)) {
      const caseStart = performance.now();
      try {
        await run(client);
        passed += 1;
        console.log(`ok   ${name} (${Math.round(performance.now() - caseStart)} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`FAIL ${name} (${Math.round(performance.now() - caseStart)} ms)`);
        console.log(`     ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    const stopStart = performance.now();
    await server.stop();
    console.log(`server stopped in ${Math.round(performance.now() - stopStart)} ms`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
