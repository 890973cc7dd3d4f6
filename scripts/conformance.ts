/**
 * `npm run test:conformance`: installs the real OpenClaw gateway into a cache folder outside the
 * repository on first use, then runs the differential suite against the mock and the real gateway.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensurePeer, peerDir, run } from "./peer-install";
import { runMain } from "./run-main";

const CONFIG = "test/conformance/vitest.config.ts";
const MS_PER_SECOND = 1_000;

const started = Date.now();

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

runMain(main);
