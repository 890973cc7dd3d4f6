/**
 * A real `@copilotkit/runtime` 1.75.0 AG-UI server in this process, on 127.0.0.1, with scripted
 * agents (no model provider, no network):
 * - `frontend`: the model calls the `ask_user` tool the client passes in `tools`;
 * - `interrupt`: the model calls a server `ask_user` tool defined with `interrupt: true`;
 * - `agent-tool`: the agent offers `ask_user` itself, with no `execute`: the model calls it and
 *   the page answers the call (what a CopilotKit page needs: CopilotKit sends only the tools
 *   registered with it, and answers those itself);
 * - `form`, `expiring`: factory-mode agents that pause with `ctx.interrupt(...)` (a
 *   `responseSchema`, an `expiresAt`), which `defineTool` cannot express;
 * - `langgraph`, when a LangGraph server's URL is given: `@ag-ui/langgraph`'s LangGraphAgent on
 *   its graph `ag_ui_ask` (scripts/langgraph/ag-ui-graph.ts), with `emitInterruptOutcome: true`;
 * - `default`, the agent the README's CopilotKit page asks for: one of the above, named per
 *   request by the cookie `ask-user-kit-agent` (`frontend` without it).
 * The runtime is installed into a cache outside the repository (copilotkit-runtime-install.ts).
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Interrupt, ResumeEntry } from "@ag-ui/client";
import { freeLoopbackPort } from "../../scripts/demo/free-port";
import { copilotKitDir, ensureCopilotKitRuntime } from "./copilotkit-runtime-install";
import {
  ASK_USER_TOOL,
  DEPLOY_ARGUMENTS,
  type ScriptedStreamPart,
  type SeenToolResult,
  scriptedReply,
  streamOf,
  toolResultsIn,
} from "./scripted-model";

export const COPILOTKIT_BASE_PATH = "/api/copilotkit";
export const COPILOTKIT_AGENT_IDS = [
  "frontend",
  "interrupt",
  "form",
  "expiring",
  "tool-form",
  "agent-tool",
] as const;
export type CopilotKitAgentId = (typeof COPILOTKIT_AGENT_IDS)[number];
/** The agent id the README's CopilotKit page runs (`useAgent({ agentId: "default" })`). */
export const PAGE_AGENT_ID = "default";
/** The cookie that names which agent `default` is for a request. */
export const PAGE_AGENT_COOKIE = "ask-user-kit-agent";
/** The agent in front of the LangGraph server, and the graph it runs there. */
export const LANGGRAPH_AGENT_ID = "langgraph";
export const LANGGRAPH_GRAPH_ID = "ag_ui_ask";

/** Options of `startCopilotKitServer`. */
export type CopilotKitServerOptions = {
  /**
   * A LangGraph server serving `ag_ui_ask`: adds the agent `langgraph` in front of it. A promise
   * of it lets the runtime load while that server starts.
   */
  langgraphUrl?: string | PromiseLike<string>;
};

export const INTERRUPT_MESSAGE = "The agent has a question";
export const FORM_MESSAGE = "Where should the report go?";
export const FORM_RESPONSE_SCHEMA = {
  type: "object",
  properties: {
    email: { type: "string", format: "email", title: "Email" },
    copies: { type: "integer", minimum: 1, maximum: 5, title: "Copies" },
  },
  required: ["email"],
} as const;
export const EXPIRING_AFTER_MS = 40_000;

export type ModelCall = {
  agentId: string;
  /** The LanguageModelV3 prompt the model received, as is. */
  prompt: unknown;
};

export type CopilotKitServer = {
  /** e.g. http://127.0.0.1:PORT/api/copilotkit */
  baseUrl: string;
  /** Where an `@ag-ui/client` HttpAgent posts runs for `agentId`. */
  runUrl(agentId: string): string;
  /** Serves a request under the base path (for a page served beside the runtime, same origin). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** Every call the scripted models got, in order. */
  modelCalls(): ModelCall[];
  /**
   * The tool results `agentId`'s model saw in its prompts, in order, each distinct id and value
   * once: a client's tool message as its exact text, a resume payload as the JSON value the
   * runtime injected (`{status:"cancelled"}` for a cancel).
   */
  toolResultsSeen(agentId: string): SeenToolResult[];
  /**
   * From importing the runtime to the server answering `/info`, in ms (the install and the wait
   * for `langgraphUrl` excluded).
   */
  startupMs: number;
  close(): Promise<void>;
};

type NodeListener = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
type StreamResult = { stream: ReadableStream<ScriptedStreamPart> };
type ZodSchema = { optional(): ZodSchema; passthrough(): ZodSchema };
type ZodApi = {
  object(shape: Record<string, ZodSchema>): ZodSchema;
  array(item: ZodSchema): ZodSchema;
  any(): ZodSchema;
  number(): ZodSchema;
};
type FactoryContext = {
  input: { threadId: string };
  interrupt(interrupts: Interrupt[]): Promise<ResumeEntry[]>;
};
type AgUiEvent = { type: string; [key: string]: unknown };
type AgentsForRequest = (context: { request: Request }) => Record<string, unknown>;

/** The parts of the runtime, `ai/test` and `zod` this server uses (see their .d.ts files). */
type RuntimeApi = {
  CopilotRuntime: new (options: { agents: AgentsForRequest }) => unknown;
  BuiltInAgent: new (config: Record<string, unknown>) => unknown;
  defineTool(config: {
    name: string;
    description: string;
    parameters: ZodSchema;
    interrupt?: boolean;
    interruptReason?: string;
    interruptMessage?: string;
  }): unknown;
  createCopilotNodeListener(options: {
    runtime: unknown;
    basePath: string;
    cors: boolean;
    activateChannels: boolean;
  }): NodeListener;
  MockLanguageModelV3: new (options: {
    provider: string;
    modelId: string;
    doStream(options: { prompt: unknown }): Promise<StreamResult>;
  }) => unknown;
  z: ZodApi;
  /** From `@ag-ui/langgraph` 0.0.43, the version the runtime depends on. */
  LangGraphAgent: new (config: {
    deploymentUrl: string;
    graphId: string;
    emitInterruptOutcome: boolean;
  }) => unknown;
};

// Telemetry is read when the runtime module loads, so this must run before the first import.
function disableTelemetry(): void {
  process.env.COPILOTKIT_TELEMETRY_DISABLED = "true";
  process.env.SCARF_ANALYTICS = "false";
  process.env.DO_NOT_TRACK = "1";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function importEntry(packageName: string, subpath: string): Promise<unknown> {
  const packageDir = join(copilotKitDir, "node_modules", packageName);
  const manifest: unknown = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
  const exportsMap = isRecord(manifest) ? manifest.exports : undefined;
  const entry = isRecord(exportsMap) ? exportsMap[subpath] : undefined;
  const file = isRecord(entry) ? entry.import : undefined;
  if (typeof file !== "string")
    throw new Error(`${packageName} has no ESM export "${subpath}" in ${packageDir}`);
  return import(pathToFileURL(join(packageDir, file)).href);
}

// A second `ai` under the runtime would make `ai/test`'s model a stranger to its streamText.
function assertRuntimeSharesAi(): void {
  const fromRuntime = createRequire(
    join(copilotKitDir, "node_modules", "@copilotkit", "runtime", "package.json"),
  ).resolve("ai/package.json");
  const topLevel = join(copilotKitDir, "node_modules", "ai", "package.json");
  if (fromRuntime !== topLevel)
    throw new Error(`@copilotkit/runtime resolves ai at ${dirname(fromRuntime)}, not ${topLevel}`);
}

function member<T>(module: unknown, name: string, from: string): T {
  const value = isRecord(module) ? module[name] : undefined;
  if (typeof value !== "function" && !isRecord(value))
    throw new Error(`${from} does not export ${name}`);
  return value as T;
}

let runtimeApi: Promise<RuntimeApi> | undefined;

async function loadRuntimeApi(): Promise<RuntimeApi> {
  disableTelemetry();
  assertRuntimeSharesAi();
  const [v2, node, aiTest, zod, langgraph] = await Promise.all([
    importEntry("@copilotkit/runtime", "./v2"),
    importEntry("@copilotkit/runtime", "./v2/node"),
    importEntry("ai", "./test"),
    importEntry("zod", "."),
    importEntry("@ag-ui/langgraph", "."),
  ]);
  return {
    CopilotRuntime: member(v2, "CopilotRuntime", "@copilotkit/runtime/v2"),
    BuiltInAgent: member(v2, "BuiltInAgent", "@copilotkit/runtime/v2"),
    defineTool: member(v2, "defineTool", "@copilotkit/runtime/v2"),
    createCopilotNodeListener: member(
      node,
      "createCopilotNodeListener",
      "@copilotkit/runtime/v2/node",
    ),
    MockLanguageModelV3: member(aiTest, "MockLanguageModelV3", "ai/test"),
    z: member(zod, "z", "zod"),
    LangGraphAgent: member(langgraph, "LangGraphAgent", "@ag-ui/langgraph"),
  };
}

function scriptedModel(api: RuntimeApi, agentId: string, calls: ModelCall[]): unknown {
  return new api.MockLanguageModelV3({
    provider: "ask-user-kit",
    modelId: `scripted-${agentId}`,
    doStream: async ({ prompt }) => {
      calls.push({ agentId, prompt });
      return { stream: streamOf(scriptedReply(prompt)) };
    },
  });
}

/**
 * The agent's own `ask_user`: an interrupt, or (`"page"`) a tool with no `execute`, whose call waits
 * for the page's tool message.
 */
function askUserServerTool(api: RuntimeApi, answeredBy: "interrupt" | "page"): unknown {
  const { z } = api;
  return api.defineTool({
    name: ASK_USER_TOOL,
    description: "Ask the user 1 to 3 structured questions and wait for the answer.",
    parameters: z
      .object({ questions: z.array(z.any()), timeoutSeconds: z.number().optional() })
      .passthrough(),
    ...(answeredBy === "interrupt"
      ? { interrupt: true, interruptReason: "ask_user", interruptMessage: INTERRUPT_MESSAGE }
      : {}),
  });
}

function textEvents(text: string): AgUiEvent[] {
  const messageId = `msg_${randomUUID()}`;
  return [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId, delta: text },
    { type: "TEXT_MESSAGE_END", messageId },
  ];
}

/**
 * A factory-mode agent's factory: every run pauses on the thread's open interrupt (made on the
 * first run, kept until resumed so its id and `expiresAt` stay put); a run whose `resume` covers
 * it replies with the resume entries and closes it.
 */
function interruptingFactory(makeInterrupt: () => Interrupt) {
  const open = new Map<string, Interrupt>();
  return async function* run(ctx: FactoryContext): AsyncGenerator<AgUiEvent> {
    const interrupt = open.get(ctx.input.threadId) ?? makeInterrupt();
    open.set(ctx.input.threadId, interrupt);
    const entries = await ctx.interrupt([interrupt]);
    open.delete(ctx.input.threadId);
    const lines = entries.map((entry) => `Got ${entry.interruptId}: ${JSON.stringify(entry)}`);
    yield* textEvents(lines.join("\n"));
  };
}

/** The tool call a `tool-form` run makes before it pauses on its form. */
export const TOOL_FORM_CALL = { name: "send_report", args: { report: "weekly" } } as const;

/**
 * The `tool-form` agent: a tool-call-shaped interrupt with a `responseSchema` (Microsoft Agent
 * Framework's shape): the run calls `send_report`, then pauses on that call with the form. The
 * call is made once; the resumed run replies with the resume entries.
 */
function toolFormFactory() {
  const open = new Map<string, Interrupt>();
  return async function* run(ctx: FactoryContext): AsyncGenerator<AgUiEvent> {
    let interrupt = open.get(ctx.input.threadId);
    if (interrupt === undefined) {
      const toolCallId = `call_${randomUUID()}`;
      interrupt = { ...formInterrupt(), toolCallId };
      open.set(ctx.input.threadId, interrupt);
      const parentMessageId = `msg_${randomUUID()}`;
      yield {
        type: "TOOL_CALL_START",
        toolCallId,
        toolCallName: TOOL_FORM_CALL.name,
        parentMessageId,
      };
      yield { type: "TOOL_CALL_ARGS", toolCallId, delta: JSON.stringify(TOOL_FORM_CALL.args) };
      yield { type: "TOOL_CALL_END", toolCallId };
    }
    const entries = await ctx.interrupt([interrupt]);
    open.delete(ctx.input.threadId);
    const lines = entries.map((entry) => `Got ${entry.interruptId}: ${JSON.stringify(entry)}`);
    yield* textEvents(lines.join("\n"));
  };
}

function formInterrupt(): Interrupt {
  return {
    id: `int_${randomUUID()}`,
    reason: "approval",
    message: FORM_MESSAGE,
    responseSchema: FORM_RESPONSE_SCHEMA,
  };
}

function expiringInterrupt(): Interrupt {
  return {
    id: `int_${randomUUID()}`,
    reason: "ask_user",
    message: INTERRUPT_MESSAGE,
    expiresAt: new Date(Date.now() + EXPIRING_AFTER_MS).toISOString(),
    metadata: { ...DEPLOY_ARGUMENTS },
  };
}

function createAgents(
  api: RuntimeApi,
  calls: ModelCall[],
  langgraphUrl: string | undefined,
): Record<string, unknown> {
  const agents: Record<string, unknown> = {
    frontend: new api.BuiltInAgent({ model: scriptedModel(api, "frontend", calls) }),
    interrupt: new api.BuiltInAgent({
      model: scriptedModel(api, "interrupt", calls),
      tools: [askUserServerTool(api, "interrupt")],
    }),
    form: new api.BuiltInAgent({ type: "custom", factory: interruptingFactory(formInterrupt) }),
    expiring: new api.BuiltInAgent({
      type: "custom",
      factory: interruptingFactory(expiringInterrupt),
    }),
    "tool-form": new api.BuiltInAgent({ type: "custom", factory: toolFormFactory() }),
    "agent-tool": new api.BuiltInAgent({
      model: scriptedModel(api, "agent-tool", calls),
      tools: [askUserServerTool(api, "page")],
    }),
  } satisfies Record<CopilotKitAgentId, unknown>;
  if (langgraphUrl !== undefined)
    agents[LANGGRAPH_AGENT_ID] = new api.LangGraphAgent({
      deploymentUrl: langgraphUrl,
      graphId: LANGGRAPH_GRAPH_ID,
      emitInterruptOutcome: true,
    });
  return agents;
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, value] = pair.trim().split("=");
    if (key === name && value !== undefined) return decodeURIComponent(value);
  }
  return undefined;
}

/** The agents, with `default` standing for the one the request's cookie names. */
function agentsWithDefault(agents: Record<string, unknown>): AgentsForRequest {
  return ({ request }) => {
    const chosen = cookieValue(request, PAGE_AGENT_COOKIE) ?? "frontend";
    return { ...agents, [PAGE_AGENT_ID]: agents[chosen] ?? agents.frontend };
  };
}

/**
 * Each tool result once: a client's tool message comes back in every later prompt of its thread,
 * so a repeat of the same id and value is not a new result; a new value for an id (a second
 * resume) is, and so is the same id twice in one prompt.
 */
function distinctToolResults(prompts: unknown[]): SeenToolResult[] {
  const seen = new Map<string, number>();
  const results: SeenToolResult[] = [];
  for (const prompt of prompts) {
    const inPrompt = new Map<string, number>();
    for (const result of toolResultsIn(prompt)) {
      const key = `${result.toolCallId}\u0000${JSON.stringify(result.output)}`;
      const occurrence = (inPrompt.get(key) ?? 0) + 1;
      inPrompt.set(key, occurrence);
      if (occurrence <= (seen.get(key) ?? 0)) continue;
      seen.set(key, occurrence);
      results.push(result);
    }
  }
  return results;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}

const LISTEN_ATTEMPTS = 5;

// Another process can take the free port between the probe and the listen.
async function listenOnFreePort(server: Server): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freeLoopbackPort();
    try {
      await listen(server, port);
      return port;
    } catch (error) {
      const inUse = isRecord(error) && error.code === "EADDRINUSE";
      if (!inUse || attempt >= LISTEN_ATTEMPTS) throw error;
    }
  }
}

async function assertServesAgents(baseUrl: string, ids: readonly string[]): Promise<void> {
  const response = await fetch(`${baseUrl}/info`);
  const info: unknown = await response.json();
  const agents = isRecord(info) ? info.agents : undefined;
  const missing = ids.filter((id) => !isRecord(agents) || !(id in agents));
  if (!response.ok || missing.length > 0)
    throw new Error(
      `${baseUrl}/info answered ${response.status} without agents ${missing.join(", ")}`,
    );
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/**
 * Installs the runtime on first use, then serves the scripted agents (and `langgraph`, given
 * `options.langgraphUrl`) on a free port.
 */
export async function startCopilotKitServer(
  options: CopilotKitServerOptions = {},
): Promise<CopilotKitServer> {
  await ensureCopilotKitRuntime();
  const startedAt = Date.now();
  runtimeApi ??= loadRuntimeApi().catch((error: unknown) => {
    runtimeApi = undefined;
    throw error;
  });
  const api = await runtimeApi;
  const waitStartedAt = Date.now();
  const langgraphUrl = await options.langgraphUrl;
  const waitedMs = Date.now() - waitStartedAt;
  const calls: ModelCall[] = [];
  const agents = createAgents(api, calls, langgraphUrl);
  const runtime = new api.CopilotRuntime({ agents: agentsWithDefault(agents) });
  const listener = api.createCopilotNodeListener({
    runtime,
    basePath: COPILOTKIT_BASE_PATH,
    cors: true,
    activateChannels: false,
  });
  const server = createServer((request, response) => void listener(request, response));
  const port = await listenOnFreePort(server);
  const baseUrl = `http://127.0.0.1:${port}${COPILOTKIT_BASE_PATH}`;
  try {
    await assertServesAgents(baseUrl, [
      ...COPILOTKIT_AGENT_IDS,
      PAGE_AGENT_ID,
      ...(langgraphUrl === undefined ? [] : [LANGGRAPH_AGENT_ID]),
    ]);
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  return {
    baseUrl,
    runUrl: (agentId) => `${baseUrl}/agent/${encodeURIComponent(agentId)}/run`,
    handle: (request, response) => void listener(request, response),
    modelCalls: () => [...calls],
    toolResultsSeen: (agentId) =>
      distinctToolResults(calls.filter((call) => call.agentId === agentId).map((c) => c.prompt)),
    startupMs: Date.now() - startedAt - waitedMs,
    close: () => closeServer(server),
  };
}
