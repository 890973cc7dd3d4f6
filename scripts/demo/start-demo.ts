import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, createServer, type Plugin, preview } from "vite";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { GatewayClient, QuestionApi } from "../../src/gateway/types";
import {
  createMockGateway,
  createWsSocketFactory,
  type ScriptedModel,
} from "../../src/testing/index";
import { createChatHandler } from "../ai-sdk/chat-handler";
import { mountHandler } from "../ai-sdk/node-route";
import { createScriptedChatModel } from "../ai-sdk/scripted-chat-model";
import { type RunningLangGraphServer, startLangGraphServer } from "../langgraph/server";
import { createFormsServer } from "../mcp/forms-server";
import { createAgUiRoute } from "./ag-ui-route";
import { AGENT_SCOPES, settleAgentWork, startAgentGateway } from "./agent-gateway";
import { askAsyncQuestion } from "./async-question";
import { createDemoAgent } from "./demo-agent";
import { freeLoopbackPort } from "./free-port";
import { createDemoRoutes } from "./http-routes";
import { createLangGraphProxy } from "./langgraph-proxy";
import { questionWorkerRoute } from "./question-worker-route";
import { createTurnLog } from "./turn-log";

/** Options of `startDemo`. */
export type StartDemoOptions = {
  /** A real gateway; without it an embedded mock gateway starts on loopback. */
  gateway?: { url: string; token: string };
  /** The URL the page should connect to, when it differs from the agent's (e.g. a proxy). */
  pageGatewayUrl?: string;
  port?: number;
  /** Overrides the mode the page shows (e.g. a test's own mock gateway). */
  mode?: "mock" | "real";
  /** Vite's hot reload; off for tests, whose offline flows must not reload the page. */
  hmr?: boolean;
  /**
   * Serves a production build of the page (built into a folder of its own first) instead of
   * Vite's dev server: what users judge, since React's development build is several times slower.
   */
  production?: boolean;
  /**
   * Runs the real OpenClaw gateway (installed into the cache on first use) with a scripted model:
   * the page then chats with a real agent. `toolSearch` offers `ask_user` through Tool Search.
   */
  openclaw?: { toolSearch?: boolean; plugin?: string };
  /**
   * Starts the local LangGraph server (a process of its own, with a fresh state folder) for the
   * page's LangGraph stack, which reaches it at `/langgraph` on the page's server; without it
   * that path answers 503.
   */
  langgraph?: boolean;
  /** Progress lines while the real gateway installs and starts. */
  log?: (line: string) => void;
};

/** A running demo: page server, agent and (in mock mode) the gateway. */
export type RunningDemo = {
  mode: "mock" | "real";
  agent: "demo" | "openclaw";
  /** With `openclaw`: the scripted model, whose record says what the agent received. */
  model: ScriptedModel | null;
  pageUrl: string;
  gatewayUrl: string;
  /** The LangGraph server's own URL; null unless `langgraph` started it, or when it failed to. */
  langgraphUrl: string | null;
  /** Why the LangGraph server is not running, when `langgraph` asked for it. */
  langgraphError: string | null;
  token: string;
  api: QuestionApi;
  client: GatewayClient;
  close(): Promise<void>;
};

/** The LangGraph server `startDemo` started, or why it did not start. */
type LangGraphStart = { server: RunningLangGraphServer | null; error: string | null };

/** What a page server needs to stop. */
type PageServer = { close(): Promise<void> };

const CONNECT_TIMEOUT_MS = 30_000;
const TOKEN_BYTES = 16;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEMO_CONFIG = `${ROOT}vite.demo.config.ts`;
/** Where the page reaches the LangGraph server. */
const LANGGRAPH_PATH = "/langgraph";
/** Where the page runs its AG-UI agent (the page's `HttpAgent` names the same path). */
const AG_UI_PATH = "/ag-ui/run";

/** The dev server, with hot reload unless turned off. */
async function serveDev(
  choosePort: () => Promise<number>,
  hmr: boolean,
  routes: Plugin,
): Promise<PageServer & { port: number }> {
  const served = await onFreePort(choosePort, async (port) => {
    const server = await createServer({
      root: ROOT,
      configFile: DEMO_CONFIG,
      logLevel: "warn",
      server: { host: "127.0.0.1", port, strictPort: true, hmr },
      plugins: [routes],
    });
    try {
      return await server.listen();
    } catch (error) {
      await server.close();
      throw error;
    }
  });
  return { port: served.port, close: () => served.server.close() };
}

/** A production build in a folder of its own (runs side by side must not share one), served. */
async function serveProduction(
  choosePort: () => Promise<number>,
  routes: Plugin,
): Promise<PageServer & { port: number }> {
  const outDir = await mkdtemp(join(tmpdir(), "ask-user-kit-demo-"));
  const config = { root: ROOT, configFile: DEMO_CONFIG, logLevel: "warn" as const };
  await build({ ...config, build: { outDir, emptyOutDir: true } });
  // The port is chosen once the build is done: a port found free before a build of many seconds
  // can be taken by then (a CI run lost one to a gateway started beside it).
  const served = await onFreePort(choosePort, (port) =>
    preview({
      ...config,
      build: { outDir },
      preview: { host: "127.0.0.1", port, strictPort: true },
      plugins: [routes],
    }),
  );
  return {
    port: served.port,
    close: async () => {
      await served.server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

const PORT_ATTEMPTS = 3;

/** Listens on a port `choosePort` gives, trying another when it was taken in the meantime. */
async function onFreePort<T>(
  choosePort: () => Promise<number>,
  listen: (port: number) => Promise<T>,
): Promise<{ port: number; server: T }> {
  const tried = new Set<number>();
  for (;;) {
    const port = await choosePort();
    try {
      return { port, server: await listen(port) };
    } catch (error) {
      tried.add(port);
      const taken = error instanceof Error && error.message.includes("already in use");
      // A port the caller fixed is not tried again.
      if (!taken || tried.size >= PORT_ATTEMPTS || tried.has(await choosePort())) throw error;
    }
  }
}

const waitConnected = (client: GatewayClient) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`the demo agent could not connect: ${JSON.stringify(client.getState())}`));
    }, CONNECT_TIMEOUT_MS);
    const check = () => {
      const state = client.getState();
      if (state.status === "connected") {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      } else if (state.status === "failed") {
        clearTimeout(timer);
        unsubscribe();
        reject(new Error(`the demo agent could not connect: ${JSON.stringify(state.failure)}`));
      }
    };
    const unsubscribe = client.subscribe(check);
    check();
  });

/** Starts the gateway (mock unless given), the demo agent and the page server. */
export async function startDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  // Started first and awaited last: it comes up while the gateway connects and the page builds.
  // A failure leaves the other stacks running; the LangGraph page says what went wrong.
  let langgraph: LangGraphStart | null = null;
  const langgraphStart =
    options.langgraph === true
      ? startLangGraphServer()
          .then(
            (server): LangGraphStart => ({ server, error: null }),
            (error: unknown): LangGraphStart => ({
              server: null,
              error: `the LangGraph server did not start: ${error instanceof Error ? error.message : String(error)}`,
            }),
          )
          .then((started) => {
            langgraph = started;
            return started;
          })
      : null;
  const stopLangGraph = async () => (await langgraphStart)?.server?.stop();
  const agentRun =
    options.openclaw === undefined
      ? null
      : await startAgentGateway(options).catch(async (error: unknown) => {
          await stopLangGraph();
          throw error;
        });
  const external = options.gateway ?? agentRun?.gateway;
  const token = external?.token ?? randomBytes(TOKEN_BYTES).toString("hex");
  const mock = external ? null : await createMockGateway({ token });
  const gatewayUrl = external?.url ?? mock?.url ?? "";
  const client = createBackendGatewayClient({
    url: gatewayUrl,
    token,
    socketFactory: createWsSocketFactory(),
    // With a real agent the start server cancels what waits and aborts runs before it stops.
    ...(agentRun === null ? {} : { scopes: AGENT_SCOPES }),
  });
  client.connect();
  let pageServer: PageServer | null = null;
  // The page's MCP stack: a real MCP server whose tools ask forms, at /mcp on the page's server.
  const forms = createFormsServer("/mcp");
  const close = async () => {
    agent.close();
    if (agentRun !== null) await settleAgentWork(api, client);
    client.close();
    await forms.close();
    await pageServer?.close();
    await mock?.close();
    await agentRun?.close();
    await stopLangGraph();
  };
  const api = createQuestionApi(client);
  const log = createTurnLog();
  const agent = createDemoAgent(api, log);
  try {
    await waitConnected(client);
    const mode = options.mode ?? (mock ? "mock" : "real");
    const agentKind = agentRun === null ? "demo" : "openclaw";
    const routes = createDemoRoutes({
      mode,
      agentKind,
      pageGatewayUrl: options.pageGatewayUrl ?? gatewayUrl,
      token,
      api,
      agent,
      log,
      ...(mock === null
        ? {}
        : { askAsync: (sessionKey: string) => askAsyncQuestion(mock, sessionKey, log) }),
    });
    // The page's AI SDK stack: a route handler as a host writes it, with the scripted model.
    const chatRoute = mountHandler("/api/chat", createChatHandler(createScriptedChatModel()));
    // The page's AG-UI stack: an agent endpoint with a scripted agent, as an AG-UI server serves one.
    const agUiRoute = createAgUiRoute(AG_UI_PATH);
    // The page's LangGraph stack: the local LangGraph server, at /langgraph on the page's server.
    const langgraphRoute = createLangGraphProxy(
      LANGGRAPH_PATH,
      () => langgraph?.server?.url ?? null,
      () =>
        langgraph?.error ??
        (langgraphStart === null
          ? "this demo server runs no LangGraph server (npm start starts one)"
          : "the LangGraph server is still starting"),
    );
    const fixedPort = options.port;
    const choosePort = fixedPort === undefined ? freeLoopbackPort : async () => fixedPort;
    const routePlugin: Plugin = {
      name: "demo-routes",
      configureServer: (server) =>
        void server.middlewares
          .use(routes)
          .use(chatRoute)
          .use(forms.middleware)
          .use(questionWorkerRoute)
          .use(agUiRoute)
          .use(langgraphRoute),
      configurePreviewServer: (server) =>
        void server.middlewares
          .use(routes)
          .use(chatRoute)
          .use(forms.middleware)
          .use(questionWorkerRoute)
          .use(agUiRoute)
          .use(langgraphRoute),
    };
    if (options.production === true) options.log?.("Building the demo page (production)...");
    const served =
      options.production === true
        ? await serveProduction(choosePort, routePlugin)
        : await serveDev(choosePort, options.hmr ?? true, routePlugin);
    pageServer = served;
    const port = served.port;
    const started = await langgraphStart;
    return {
      mode,
      agent: agentKind,
      model: agentRun?.model ?? null,
      pageUrl: `http://127.0.0.1:${port}/`,
      gatewayUrl,
      langgraphUrl: started?.server?.url ?? null,
      langgraphError: started?.error ?? null,
      token,
      api,
      client,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
