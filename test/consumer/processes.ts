import { type ChildProcess, spawn } from "node:child_process";

const WAIT_LIMIT_MS = 60_000;
const STOP_GRACE_MS = 3_000;
/** Variables a gateway command could read from the caller's shell; each run sets its own. */
const GATEWAY_VARIABLES = ["ASK_USER_KIT_TOKEN", "OPENCLAW_GATEWAY_TOKEN", "ASK_USER_GATEWAY_URL"];

/** The caller's environment without any gateway URL or token, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const name of GATEWAY_VARIABLES) delete env[name];
  return { ...env, ...extra };
}

/** A command run to its end: its exit code and everything it printed. */
export type Finished = { code: number; output: string };

/** Runs a command to its end, collecting stdout and stderr together. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A long-running command in a process group of its own, so stopping it ends its children. */
export type Running = {
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the command ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  readonly exited: Promise<number>;
  stop(): Promise<number>;
};

/** Starts `command`; `stop()` signals its whole process group. */
export function start(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Running {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let ended = false;
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number>((resolve) =>
    child.once("close", (code) => {
      ended = true;
      for (const listener of listeners) listener();
      resolve(code ?? 1);
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    if (ended || child.pid === undefined) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group is already gone.
    }
  };
  return {
    output: () => output,
    exited,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} within ${WAIT_LIMIT_MS} ms; output:\n${output}`));
        }, WAIT_LIMIT_MS);
        function check() {
          const match = pattern.exec(output);
          if (match === null && !ended) return;
          clearTimeout(timer);
          listeners.delete(check);
          if (match === null) reject(new Error(`ended before ${pattern}; output:\n${output}`));
          else resolve(match);
        }
        listeners.add(check);
        check();
      });
    },
    async stop() {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), STOP_GRACE_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
