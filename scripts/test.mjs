// One check command: typecheck, lint, every Vitest project; prints "N passed, N failed".
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

const REPORT = ".vitest-report.json";
const run = (label, command, args) => {
  process.stdout.write(`\n> ${label}\n`);
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  return result.status === 0;
};

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const typecheckOk = run("typecheck", npx, ["tsc", "--noEmit"]);
const lintOk = run("lint", npx, ["biome", "check", "."]);
rmSync(REPORT, { force: true });
const vitestOk = run("vitest", npx, [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORT}`,
]);

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(REPORT, "utf8"));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
} catch {
  failed += 1;
}
if (!typecheckOk) failed += 1;
if (!lintOk) failed += 1;
rmSync(REPORT, { force: true });
console.log(`\ntypecheck ${typecheckOk ? "ok" : "FAILED"}, lint ${lintOk ? "ok" : "FAILED"}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(typecheckOk && lintOk && vitestOk && failed === 0 ? 0 : 1);
