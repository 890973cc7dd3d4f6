import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import {
  createBackendGatewayClient,
  createQuestionApi,
  type GatewayClient,
  type QuestionApi,
} from "../../src/gateway/index";
import { createMockGateway, createWsSocketFactory } from "../../src/testing/index";
import { createDemoAgent } from "./demo-agent";
import { freeLoopbackPort } from "./free-port";
import { createDemoRoutes } from "./http-routes";
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
};

/** A running demo: page server, agent and (in mock mode) the gateway. */
export type RunningDemo = {
  mode: "mock" | "real";
  pageUrl: string;
  gatewayUrl: string;
  token: string;
  api: QuestionApi;
  client: GatewayClient;
  close(): Promise<void>;
};

const CONNECT_TIMEOUT_MS = 30_000;
const TOKEN_BYTES = 16;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

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
  const token = options.gateway?.token ?? randomBytes(TOKEN_BYTES).toString("hex");
  const mock = options.gateway ? null : await createMockGateway({ token });
  const gatewayUrl = options.gateway?.url ?? mock?.url ?? "";
  const client = createBackendGatewayClient({
    url: gatewayUrl,
    token,
    socketFactory: createWsSocketFactory(),
  });
  client.connect();
  let vite: ViteDevServer | null = null;
  const close = async () => {
    agent.close();
    client.close();
    await vite?.close();
    await mock?.close();
  };
  const api = createQuestionApi(client);
  const log = createTurnLog();
  const agent = createDemoAgent(api, log);
  try {
    await waitConnected(client);
    const mode = options.mode ?? (mock ? "mock" : "real");
    const routes = createDemoRoutes({
      mode,
      pageGatewayUrl: options.pageGatewayUrl ?? gatewayUrl,
      token,
      api,
      agent,
      log,
    });
    const port = options.port ?? (await freeLoopbackPort());
    vite = await createServer({
      root: ROOT,
      configFile: `${ROOT}vite.demo.config.ts`,
      logLevel: "warn",
      server: { host: "127.0.0.1", port, strictPort: true, hmr: options.hmr ?? true },
      plugins: [
        { name: "demo-routes", configureServer: (server) => void server.middlewares.use(routes) },
      ],
    });
    await vite.listen();
    return { mode, pageUrl: `http://127.0.0.1:${port}/`, gatewayUrl, token, api, client, close };
  } catch (error) {
    await close();
    throw error;
  }
}
