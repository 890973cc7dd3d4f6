/**
 * `npm run test:control-ui`: the Control UI plugin, built and installed from its archive into the
 * real gateway (with the scripted model), driven in the real Control UI in Chromium.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensurePeer, peerDir, run } from "./peer-install";
import { runMain } from "./run-main";

const CONFIG = "test/control-ui/vitest.config.ts";
const MS_PER_SECOND = 1_000;

type JsonReport = { numPassedTests?: number; numFailedTests?: number };

async function main(): Promise<number> {
  const started = Date.now();
  await ensurePeer();
  const reportDir = await mkdtemp(join(tmpdir(), "ask-user-kit-control-ui-"));
  const reportFile = join(reportDir, "report.json");
  const code = await run(
    "npx",
    [
      "vitest",
      "run",
      "--config",
      CONFIG,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reportFile}`,
    ],
    { env: { ...process.env, ASK_USER_KIT_PEER_DIR: peerDir } },
  );
  const seconds = ((Date.now() - started) / MS_PER_SECOND).toFixed(1);
  const report = JSON.parse(await readFile(reportFile, "utf8").catch(() => "{}")) as JsonReport;
  console.log(
    `Control UI: ${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed in ${seconds} s`,
  );
  await rm(reportDir, { recursive: true, force: true });
  return code;
}

runMain(main);
