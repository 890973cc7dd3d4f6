// Starts the local LangGraph server (start-server.ts) as a child process for tests and the demo.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { freeLoopbackPort } from "../demo/free-port";

/** Options of `startLangGraphServer`. */
export type LangGraphServerOptions = {
  /** A free loopback port is picked when none is given. */
  port?: number;
  /**
   * Where the server keeps threads and checkpoints (its `.langgraph_api` folder); a state folder
   * survives a stop and start. Without it a fresh temporary folder is used and removed on stop.
   */
  stateDir?: string;
};

/** A running server: its base URL (for `new Client({ apiUrl: url })`) and how to stop it. */
export type RunningLangGraphServer = { url: string; stop(): Promise<void> };

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const START_SERVER = fileURLToPath(new URL("./start-server.ts", import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
/** How much of the child's output an error quotes. */
const OUTPUT_TAIL_CHARS = 8_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts the server with the graphs `review`, `ask`, `form` and `ag_ui_ask`; resolves once it answers. */
export async function startLangGraphServer(
  options: LangGraphServerOptions = {},
): Promise<RunningLangGraphServer> {
  const port = options.port ?? (await freeLoopbackPort());
  const ownStateDir = options.stateDir === undefined;
  const stateDir = options.stateDir ?? (await mkdtemp(join(tmpdir(), "langgraph-state-")));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", START_SERVER, "--port", String(port), "--state-dir", stateDir],
    {
      // From the repo so `--import tsx` resolves; the server's own files go to the state folder.
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        LANGGRAPH_CLI_NO_ANALYTICS: "1",
        LANGSMITH_TRACING: "false",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // A parent that dies without stop() must not leave the server running.
  const killOnExit = (): void => void child.kill("SIGKILL");
  process.once("exit", killOnExit);

  let output = "";
  const keep = (text: string): void => {
    output = (output + text).slice(-OUTPUT_TAIL_CHARS);
  };
  // Both pipes are read to the end: a full pipe would stall the server.
  child.stderr?.setEncoding("utf8").on("data", keep);
  const ready = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      if (line.startsWith("ready ")) resolve(line.slice("ready ".length).trim());
      else keep(`${line}\n`);
    });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      reject(new Error(`LangGraph server exited (${signal ?? code}) before it was ready`)),
    );
  });

  const stop = async (): Promise<void> => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited(child);
      clearTimeout(timer);
    }
    if (ownStateDir) await rm(stateDir, { recursive: true, force: true });
  };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`LangGraph server not ready within ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
  });
  try {
    const url = await Promise.race([ready, timeout]);
    return { url, stop };
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}; its output:\n${output.trim() || "(none)"}`);
  } finally {
    clearTimeout(timer);
  }
}
