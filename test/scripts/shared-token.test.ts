import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createWsSocketFactory } from "../../src/testing/ws-socket-factory";
import { freshToken, runScript, type ScriptRun } from "./run-script";

const TOKEN_VARIABLE = "ASK_USER_KIT_TOKEN";
const QUESTION_FILE = "scripts/examples/deploy.json";
const SCRIPT_LIMIT_MS = 60_000;
const SCRIPTS = [
  ["start", "start.ts"],
  ["gateway", "gateway.ts"],
  ["ask", "ask.ts"],
] as const;

// Each test starts Node processes, some of them Vite; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: SCRIPT_LIMIT_MS });

const running: ScriptRun[] = [];
const gateways: MockGateway[] = [];

function track(run: ScriptRun): ScriptRun {
  running.push(run);
  return run;
}

async function mockGateway(token: string): Promise<MockGateway> {
  const gateway = await createMockGateway({ port: 0, token });
  gateways.push(gateway);
  return gateway;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((run) => run.stop("SIGKILL")));
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

/** Whether a back-end client holding `token` gets in. */
async function connectsWith(url: string, token: string): Promise<boolean> {
  const client = createBackendGatewayClient({ url, token, socketFactory: createWsSocketFactory() });
  try {
    return await new Promise<boolean>((settle) => {
      const check = () => {
        const { status } = client.getState();
        if (status === "connected") settle(true);
        else if (status === "failed") settle(false);
      };
      client.subscribe(check);
      client.connect();
      check();
    });
  } finally {
    client.close();
  }
}

/** Runs a script against a gateway that holds `token`; resolves once the script got in. */
async function reachGateway(
  script: (typeof SCRIPTS)[number][0],
  token: string,
  tokenArgs: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  if (script === "gateway") {
    const run = track(runScript("gateway.ts", tokenArgs, env));
    const [, url = ""] = await run.waitFor(/listening on (ws:\/\/\S+)/);
    expect(await connectsWith(url, token)).toBe(true);
    return run;
  }
  const gateway = await mockGateway(token);
  if (script === "ask") {
    const run = track(
      runScript("ask.ts", [QUESTION_FILE, "--gateway", gateway.url, ...tokenArgs], env),
    );
    await run.waitFor(/Waiting for an answer/);
    return run;
  }
  const run = track(runScript("start.ts", ["--gateway", gateway.url, ...tokenArgs], env));
  await run.waitFor(/Press Ctrl\+C to stop/);
  return run;
}

describe.each(SCRIPTS)("npm run %s", (script, file) => {
  it("should name the token variable in --help, before any --token", async () => {
    const run = track(runScript(file, ["--help"]));
    expect(await run.exited).toBe(0);
    const help = run.stdout();
    expect(help).toContain(TOKEN_VARIABLE);
    const flagAt = help.indexOf("--token");
    if (flagAt !== -1) expect(help.indexOf(TOKEN_VARIABLE)).toBeLessThan(flagAt);
  });

  it(`should take the shared token from ${TOKEN_VARIABLE} and never print it`, async () => {
    const token = freshToken();
    const run = await reachGateway(script, token, [], { [TOKEN_VARIABLE]: token });
    await run.stop();
    expect(run.output()).not.toContain(token);
    expect(run.stderr()).not.toMatch(/warning/i);
  });

  it("should still take --token, warn once that it shows in ps and shell history, and never print it", async () => {
    const token = freshToken();
    const run = await reachGateway(script, token, ["--token", token], {});
    await run.stop();
    expect(run.output()).not.toContain(token);
    const warnings = run
      .stderr()
      .split("\n")
      .filter((line) => /--token/.test(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/\bps\b/);
    expect(warnings[0]).toMatch(/history/);
    expect(warnings[0]).toContain(TOKEN_VARIABLE);
  });

  it("should still honour OPENCLAW_GATEWAY_TOKEN when the kit's variable is unset", async () => {
    const token = freshToken();
    const run = await reachGateway(script, token, [], { OPENCLAW_GATEWAY_TOKEN: token });
    await run.stop();
    expect(run.output()).not.toContain(token);
  });
});

describe.each([
  ["start", "start.ts"],
  ["gateway", "gateway.ts"],
])("npm run %s given an argument it does not take", (_, file) => {
  it("should refuse it without echoing it, as it may be a token given without --token", async () => {
    const token = freshToken();
    const run = track(runScript(file, [token]));
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toMatch(/Unexpected argument/);
    expect(run.output()).not.toContain(token);
  });
});

describe("npm start against a real gateway", () => {
  it("should ask for the token variable when none is given", async () => {
    const run = track(runScript("start.ts", ["--gateway", "ws://127.0.0.1:9"]));
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain(TOKEN_VARIABLE);
  });

  it("should not print a token carried in the gateway URL", async () => {
    const token = freshToken();
    const gateway = await mockGateway(token);
    const run = track(
      runScript("start.ts", ["--gateway", `${gateway.url}/?token=${token}`], {
        [TOKEN_VARIABLE]: token,
      }),
    );
    const [line] = await run.waitFor(/Gateway: .*/);
    expect(line).toContain(`127.0.0.1:${gateway.port}`);
    await run.stop();
    expect(run.output()).not.toContain(token);
  });

  it("should not print the token when the gateway refuses it", async () => {
    const token = freshToken();
    const gateway = await mockGateway(freshToken());
    const run = track(
      runScript("start.ts", ["--gateway", gateway.url], { [TOKEN_VARIABLE]: token }),
    );
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/token/);
    expect(run.output()).not.toContain(token);
  });
});

describe("npm run ask", () => {
  it("should name the token variable when no gateway is given", async () => {
    const run = track(runScript("ask.ts", [QUESTION_FILE]));
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain(TOKEN_VARIABLE);
  });

  it("should not print the token when the gateway refuses it", async () => {
    const token = freshToken();
    const gateway = await mockGateway(freshToken());
    const run = track(
      runScript("ask.ts", [QUESTION_FILE, "--gateway", gateway.url], { [TOKEN_VARIABLE]: token }),
    );
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/Cannot connect/);
    expect(run.output()).not.toContain(token);
  });
});

describe("npm run gateway without a token", () => {
  it("should keep the token it generates in a file only its user can read, never on the terminal", async () => {
    const run = track(runScript("gateway.ts", []));
    const [, url = ""] = await run.waitFor(/listening on (ws:\/\/\S+)/);
    const [, path = ""] = await run.waitFor(/saved to (\S.*?) \(/);
    const token = (await readFile(path, "utf8")).trim();
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await connectsWith(url, token)).toBe(true);
    await run.stop();
    expect(run.output()).not.toContain(token);
    expect(() => statSync(path)).toThrow();
  });
});
