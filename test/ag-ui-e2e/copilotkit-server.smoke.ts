/**
 * Drives the CopilotKit server's agents with the real `@ag-ui/client` HttpAgent and checks what
 * comes back. Run: `npx tsx test/ag-ui-e2e/copilotkit-server.smoke.ts` (exits 1 on a failed check).
 */
import { isDeepStrictEqual } from "node:util";
import {
  type AgentSubscriber,
  buildResumeArray,
  HttpAgent,
  type Interrupt,
  isInterruptExpired,
  type Message,
  type ResumeEntry,
  type Tool,
} from "@ag-ui/client";
import { ensureCopilotKitRuntime } from "./copilotkit-runtime-install";
import {
  type CopilotKitServer,
  EXPIRING_AFTER_MS,
  FORM_MESSAGE,
  FORM_RESPONSE_SCHEMA,
  INTERRUPT_MESSAGE,
  startCopilotKitServer,
} from "./copilotkit-server";
import { DEPLOY_ARGUMENTS, HOSTILE_QUESTION_COUNT, hostileArgumentsText } from "./scripted-model";

const ASK_USER_TOOL: Tool = {
  name: "ask_user",
  description: "Ask the user 1 to 3 structured questions and wait for the answer.",
  parameters: { type: "object" },
};
const ANSWER = '{"status":"answered","answers":{"answers":{"deploy_target":["Production"]}}}';
const NO_ANSWER = '{"status":"no_answer"}';
const PAYLOAD = { status: "answered", answers: { answers: { deploy_target: ["Production"] } } };

const failures: string[] = [];

function check(ok: boolean, what: string, detail?: unknown): void {
  if (ok) return;
  failures.push(what);
  console.log(`  FAIL ${what}${detail === undefined ? "" : `: ${JSON.stringify(detail)}`}`);
}

type RunSeen = {
  /** The outcome the client reports, and the one the server sent (or "absent"). */
  outcome: string;
  wire: string;
  interrupts: Interrupt[];
  pending: string[];
  error?: string;
};

function recorder(seen: RunSeen): AgentSubscriber {
  return {
    onRunFinishedEvent(params) {
      seen.outcome = params.outcome;
      seen.wire = params.event.outcome?.type ?? "absent";
      if (params.outcome === "interrupt") seen.interrupts = params.interrupts;
      if (params.outcome === "success") seen.pending = params.pendingToolCallIds;
    },
    onRunErrorEvent({ event }) {
      seen.error = `${event.code ?? ""} ${event.message}`.trim();
    },
  };
}

function roles(agent: HttpAgent): string {
  return agent.messages
    .map((message) =>
      message.role === "assistant" && message.toolCalls?.length
        ? `assistant(${message.toolCalls.length} tool call)`
        : message.role,
    )
    .join(", ");
}

async function run(
  label: string,
  agent: HttpAgent,
  parameters: { tools?: Tool[]; resume?: ResumeEntry[] } = {},
): Promise<RunSeen> {
  const seen: RunSeen = { outcome: "none", wire: "none", interrupts: [], pending: [] };
  const startedAt = Date.now();
  try {
    await agent.runAgent(parameters, recorder(seen));
  } catch (error) {
    seen.error ??= error instanceof Error ? error.message : String(error);
  }
  const interrupts = seen.interrupts.map(({ id, reason, toolCallId }) => ({
    id,
    reason,
    toolCallId,
  }));
  console.log(
    `  ${label} (${Date.now() - startedAt} ms): outcome=${seen.outcome} (wire: ${seen.wire})` +
      (seen.pending.length > 0 ? ` pendingToolCallIds=${seen.pending.length}` : "") +
      (interrupts.length > 0 ? ` interrupts=${JSON.stringify(interrupts)}` : "") +
      (seen.error ? ` error=${JSON.stringify(seen.error)}` : ""),
  );
  console.log(`    messages: ${roles(agent)}`);
  return seen;
}

function newAgent(server: CopilotKitServer, agentId: string, text: string): HttpAgent {
  const agent = new HttpAgent({ url: server.runUrl(agentId) });
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
  return agent;
}

type PendingCall = { id: string; arguments: string };

function unansweredToolCalls(messages: Message[]): PendingCall[] {
  const answered = new Set(messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  return messages
    .flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : []))
    .filter((call) => !answered.has(call.id))
    .map((call) => ({ id: call.id, arguments: call.function.arguments }));
}

function lastAssistantText(agent: HttpAgent): string | undefined {
  const message = agent.messages.findLast((m) => m.role === "assistant" && m.content);
  return message?.role === "assistant" ? message.content : undefined;
}

function answerToolCalls(agent: HttpAgent, calls: PendingCall[], content: string): void {
  for (const call of calls)
    agent.addMessage({ id: crypto.randomUUID(), role: "tool", toolCallId: call.id, content });
}

function toolResultSeen(server: CopilotKitServer, agentId: string, id: string): unknown {
  return server.toolResultsSeen(agentId).find((result) => result.toolCallId === id)?.output;
}

async function frontendDeploy(server: CopilotKitServer): Promise<void> {
  console.log("frontend ask:deploy");
  const agent = newAgent(server, "frontend", "ask:deploy");
  const first = await run("run 1", agent, { tools: [ASK_USER_TOOL] });
  const calls = unansweredToolCalls(agent.messages);
  check(first.outcome === "success" && calls.length === 1, "one pending ask_user call", calls);
  const call = calls[0];
  if (!call) return;
  check(first.pending.join() === call.id, "the client derives pendingToolCallIds", first.pending);
  check(
    isDeepStrictEqual(JSON.parse(call.arguments), DEPLOY_ARGUMENTS),
    "arguments are the deploy question",
  );
  answerToolCalls(agent, calls, ANSWER);
  await run("run 2 (tool message answers it)", agent, { tools: [ASK_USER_TOOL] });
  check(lastAssistantText(agent) === `Got ${call.id}: ${ANSWER}`, "reply quotes the answer", {
    reply: lastAssistantText(agent),
  });
  check(toolResultSeen(server, "frontend", call.id) === ANSWER, "model saw the answer byte-exact");
}

async function frontendHostile(server: CopilotKitServer): Promise<void> {
  console.log("frontend ask:hostile");
  const agent = newAgent(server, "frontend", "ask:hostile");
  await run("run 1", agent, { tools: [ASK_USER_TOOL] });
  const calls = unansweredToolCalls(agent.messages);
  check(calls[0]?.arguments === hostileArgumentsText(), "hostile arguments arrive unchanged", {
    length: calls[0]?.arguments.length,
  });
  console.log(
    `    arguments: ${calls[0]?.arguments.length} chars, ${HOSTILE_QUESTION_COUNT} questions, raw __proto__: ${calls[0]?.arguments.includes('"__proto__"')}`,
  );
  answerToolCalls(agent, calls, NO_ANSWER);
  await run("run 2 (no_answer)", agent, { tools: [ASK_USER_TOOL] });
  check(lastAssistantText(agent) === `Got ${calls[0]?.id}: ${NO_ANSWER}`, "reply quotes no_answer");
}

async function frontendTwo(server: CopilotKitServer): Promise<void> {
  console.log("frontend ask:two");
  const agent = newAgent(server, "frontend", "ask:two");
  const first = await run("run 1", agent, { tools: [ASK_USER_TOOL] });
  const calls = unansweredToolCalls(agent.messages);
  check(calls.length === 2 && calls[0]?.id !== calls[1]?.id, "two pending calls", calls.length);
  check(first.pending.length === 2, "the client derives both pending ids", first.pending);
  answerToolCalls(agent, calls, ANSWER);
  await run("run 2 (both answered)", agent, { tools: [ASK_USER_TOOL] });
  const expected = calls.map((call) => `Got ${call.id}: ${ANSWER}`).join("\n");
  check(
    lastAssistantText(agent) === expected,
    "reply quotes both answers",
    lastAssistantText(agent),
  );
}

function resolveAll(interrupts: Interrupt[], payload: unknown): ResumeEntry[] {
  return buildResumeArray(
    interrupts,
    Object.fromEntries(interrupts.map((i) => [i.id, { status: "resolved" as const, payload }])),
  );
}

function cancelAll(interrupts: Interrupt[]): ResumeEntry[] {
  return buildResumeArray(
    interrupts,
    Object.fromEntries(interrupts.map((i) => [i.id, { status: "cancelled" as const }])),
  );
}

async function interruptDeploy(server: CopilotKitServer): Promise<void> {
  console.log("interrupt ask:deploy, resolved");
  const agent = newAgent(server, "interrupt", "ask:deploy");
  const first = await run("run 1", agent);
  const [interrupt] = agent.pendingInterrupts;
  check(first.outcome === "interrupt" && agent.pendingInterrupts.length === 1, "one interrupt");
  if (!interrupt) return;
  check(
    interrupt.reason === "ask_user" &&
      interrupt.message === INTERRUPT_MESSAGE &&
      interrupt.id === interrupt.toolCallId,
    "interrupt is the ask_user tool call",
    interrupt,
  );
  const call = unansweredToolCalls(agent.messages).find((c) => c.id === interrupt.toolCallId);
  check(
    call !== undefined && isDeepStrictEqual(JSON.parse(call.arguments), DEPLOY_ARGUMENTS),
    "the question is in the tool call's arguments",
  );
  await run("run 2 (resume resolved)", agent, { resume: resolveAll([interrupt], PAYLOAD) });
  const reply = `Got ${interrupt.id}: ${JSON.stringify(PAYLOAD)}`;
  check(lastAssistantText(agent) === reply, "reply quotes the payload", lastAssistantText(agent));
  check(
    isDeepStrictEqual(toolResultSeen(server, "interrupt", interrupt.id), PAYLOAD),
    "model saw the payload",
  );
  check(agent.pendingInterrupts.length === 0, "no interrupt left open");
  await continueThread(agent, interrupt.id);
}

// The runtime injects a resume payload for that run only and never streams it back, so the
// client's history holds a tool call without a result until the client records one.
async function continueThread(agent: HttpAgent, toolCallId: string): Promise<void> {
  const history = [...agent.messages];
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content: "ask:deploy" });
  const unrecorded = await run("run 3 (next user message, answer not recorded)", agent);
  check(
    unrecorded.error?.includes(`Tool result is missing for tool call ${toolCallId}`) === true,
    "the runtime refuses a history with the resumed call unanswered",
    unrecorded.error,
  );
  agent.setMessages(history);
  answerToolCalls(agent, [{ id: toolCallId, arguments: "" }], JSON.stringify(PAYLOAD));
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content: "ask:deploy" });
  const recorded = await run("run 4 (answer recorded as a tool message)", agent);
  check(recorded.outcome === "interrupt", "the thread goes on once the answer is recorded");
}

async function interruptCancelled(server: CopilotKitServer): Promise<void> {
  console.log("interrupt ask:deploy, cancelled");
  const agent = newAgent(server, "interrupt", "ask:deploy");
  await run("run 1", agent);
  const interrupts = [...agent.pendingInterrupts];
  await run("run 2 (resume cancelled)", agent, { resume: cancelAll(interrupts) });
  console.log(`    reply: ${lastAssistantText(agent)}`);
  console.log(
    `    model saw: ${JSON.stringify(toolResultSeen(server, "interrupt", interrupts[0]?.id ?? ""))}`,
  );
}

async function interruptTwo(server: CopilotKitServer): Promise<void> {
  console.log("interrupt ask:two");
  const agent = newAgent(server, "interrupt", "ask:two");
  await run("run 1", agent);
  const interrupts = [...agent.pendingInterrupts];
  check(interrupts.length === 2, "two interrupts", interrupts.length);
  await run("run 2 (resume both)", agent, { resume: resolveAll(interrupts, PAYLOAD) });
  const expected = interrupts.map((i) => `Got ${i.id}: ${JSON.stringify(PAYLOAD)}`).join("\n");
  check(
    lastAssistantText(agent) === expected,
    "reply quotes both payloads",
    lastAssistantText(agent),
  );
}

async function form(server: CopilotKitServer): Promise<void> {
  console.log("form (factory mode)");
  const agent = newAgent(server, "form", "send the report");
  await run("run 1", agent);
  const [interrupt] = agent.pendingInterrupts;
  check(
    interrupt?.reason === "approval" &&
      interrupt.message === FORM_MESSAGE &&
      isDeepStrictEqual(interrupt.responseSchema, FORM_RESPONSE_SCHEMA),
    "interrupt carries the message and the response schema",
    interrupt,
  );
  if (!interrupt) return;
  const resume = resolveAll([interrupt], { email: "ops@example.com", copies: 2 });
  await run("run 2 (resume resolved)", agent, { resume });
  const reply = `Got ${interrupt.id}: ${JSON.stringify(resume[0])}`;
  check(
    lastAssistantText(agent) === reply,
    "reply quotes the resume entry",
    lastAssistantText(agent),
  );
}

async function expiring(server: CopilotKitServer): Promise<void> {
  console.log("expiring (factory mode)");
  const agent = newAgent(server, "expiring", "deploy it");
  const madeAt = Date.now();
  await run("run 1", agent);
  const [interrupt] = agent.pendingInterrupts;
  const expiresIn = Date.parse(interrupt?.expiresAt ?? "") - madeAt;
  check(
    interrupt?.reason === "ask_user" && Math.abs(expiresIn - EXPIRING_AFTER_MS) < 5_000,
    "interrupt expires in about 40 s",
    interrupt?.expiresAt,
  );
  check(
    isDeepStrictEqual(interrupt?.metadata, DEPLOY_ARGUMENTS),
    "metadata holds the deploy question",
  );
  if (!interrupt) return;
  check(!isInterruptExpired(interrupt), "the client sees it unexpired");
  const resume = cancelAll([interrupt]);
  await run("run 2 (resume cancelled)", agent, { resume });
  const reply = `Got ${interrupt.id}: ${JSON.stringify(resume[0])}`;
  check(lastAssistantText(agent) === reply, "reply quotes the cancel", lastAssistantText(agent));
}

// The 1.0 client warns on every RUN_FINISHED about the runtime's `finishReason`: once is enough.
function warnOnceEach(): void {
  const warn = console.warn;
  const seen = new Set<string>();
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(" ");
    if (text.startsWith("[ag-ui][enforce]") && seen.has(text)) return;
    seen.add(text);
    warn(...args);
  };
}

async function main(): Promise<void> {
  warnOnceEach();
  const startedAt = Date.now();
  await ensureCopilotKitRuntime();
  const installMs = Date.now() - startedAt;
  const server = await startCopilotKitServer();
  console.log(`install/check ${installMs} ms, startup ${server.startupMs} ms, ${server.baseUrl}`);
  try {
    for (const scenario of [
      frontendDeploy,
      frontendHostile,
      frontendTwo,
      interruptDeploy,
      interruptCancelled,
      interruptTwo,
      form,
      expiring,
    ])
      await scenario(server);
    console.log(`model calls: ${server.modelCalls().length}`);
  } finally {
    await server.close();
  }
  console.log(
    `${failures.length === 0 ? "ok" : `${failures.length} failed`} in ${Date.now() - startedAt} ms`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

await main();
