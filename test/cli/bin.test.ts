import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";

const ROOT = resolve(__dirname, "../..");
const BIN_LIMIT_MS = 30_000;

// Each test starts Node with tsx, which takes a second or two on a busy machine.
vi.setConfig({ testTimeout: BIN_LIMIT_MS });

/** Runs the bin's source as `npx ask-user-kit <args>` would run its build, to its end. */
function runBin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const name of ["ASK_USER_KIT_TOKEN", "OPENCLAW_GATEWAY_TOKEN", "ASK_USER_GATEWAY_URL"])
    delete env[name];
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    env,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((done) => child.once("close", (code) => done({ code, stdout, stderr })));
}

describe("npx ask-user-kit", () => {
  it("should list its commands and the token variable when run without one", async () => {
    const { code, stdout } = await runBin([]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\s+gateway\s/m);
    expect(stdout).toMatch(/^\s+ask <file\.json> --gateway URL\s/m);
    expect(stdout).toContain("ASK_USER_KIT_TOKEN");
  });

  it("should refuse an unknown command without echoing it, as it may be a token", async () => {
    const word = `tok-${randomBytes(12).toString("hex")}`;
    const { code, stdout, stderr } = await runBin([word]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown command/);
    expect(`${stdout}${stderr}`).not.toContain(word);
  });

  it("should name itself, not the repository's scripts, in a command's usage", async () => {
    const gateway = await runBin(["gateway", "--help"]);
    expect(gateway.code).toBe(0);
    expect(gateway.stdout).toContain("usage: npx ask-user-kit gateway [--port N]");
    expect(gateway.stdout).not.toContain("npm run");
    const ask = await runBin(["ask", "question.json"]);
    expect(ask.code).toBe(2);
    expect(ask.stderr).toContain("Start a local mock gateway with: npx ask-user-kit gateway");
  });
});
