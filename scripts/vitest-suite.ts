import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensurePeer, peerDir, run } from "./peer-install";

const MS_PER_SECOND = 1_000;

type JsonReport = { numPassedTests?: number; numFailedTests?: number };

/**
 * Runs one Vitest config against the cached real gateway (installed on first use) and prints
 * `<label>: N passed, N failed in S s`; resolves with Vitest's exit code.
 */
export async function runGatewaySuite(config: string, label: string, args: string[] = []) {
  const started = Date.now();
  await ensurePeer();
  const reportDir = await mkdtemp(join(tmpdir(), "ask-user-kit-suite-"));
  const reportFile = join(reportDir, "report.json");
  const code = await run(
    "npx",
    [
      "vitest",
      "run",
      "--config",
      config,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reportFile}`,
      ...args,
    ],
    { env: { ...process.env, ASK_USER_KIT_PEER_DIR: peerDir } },
  );
  const seconds = ((Date.now() - started) / MS_PER_SECOND).toFixed(1);
  const report = JSON.parse(await readFile(reportFile, "utf8").catch(() => "{}")) as JsonReport;
  console.log(
    `${label}: ${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed in ${seconds} s`,
  );
  await rm(reportDir, { recursive: true, force: true });
  return code;
}
