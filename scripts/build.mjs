// Library build: bundles with Vite (dependencies external), then type declarations with tsc.
import { spawnSync } from "node:child_process";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
for (const args of [
  ["vite", "build"],
  ["tsc", "-p", "tsconfig.build.json"],
]) {
  const result = spawnSync(npx, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
