import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");
const WAIT_LIMIT_MS = 30_000;
/** Every variable a script might read a gateway or its token from; each test sets its own. */
const GATEWAY_VARIABLES = [
  "ASK_USER_KIT_TOKEN",
  "OPENCLAW_GATEWAY_TOKEN",
  "ASK_USER_GATEWAY_TOKEN",
  "ASK_USER_GATEWAY_URL",
];

/** A token no script could print by accident. */
export function freshToken(): string {
  return `tok-${randomBytes(12).toString("hex")}`;
}

/** A script started as `npm run <name>` runs it, with its output collected. */
export type ScriptRun = {
  readonly child: ChildProcessWithoutNullStreams;
  /** stdout and stderr so far. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Resolves with the exit code once the script ends. */
  readonly exited: Promise<number | null>;
  /** Ends the script (if still running) and waits for it. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Starts `scripts/<file>` as npm would, with only `env` for the gateway variables. */
export function runScript(
  file: string,
  args: string[],
  env: Record<string, string> = {},
): ScriptRun {
  const base = { ...process.env };
  for (const name of GATEWAY_VARIABLES) delete base[name];
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${file}`, ...args], {
    cwd: ROOT,
    env: { ...base, NO_COLOR: "1", ...env },
  });
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const listener of listeners) listener();
  });
  return {
    child,
    output: () => `${stdout}\n${stderr}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor(pattern) {
      return new Promise((resolveMatch, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`no ${pattern} within ${WAIT_LIMIT_MS} ms; output:\n${stdout}\n${stderr}`),
          );
        }, WAIT_LIMIT_MS);
        const check = () => {
          const match = pattern.exec(stdout);
          if (match === null && !ended) return;
          clearTimeout(timer);
          listeners.delete(check);
          if (match === null)
            reject(new Error(`ended before ${pattern}; output:\n${stdout}\n${stderr}`));
          else resolveMatch(match);
        };
        listeners.add(check);
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}
