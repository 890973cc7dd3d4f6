import { defineConfig } from "vitest/config";

const SCENARIO_TIMEOUT_MS = 60_000;
const HOOK_TIMEOUT_MS = 120_000;

export default defineConfig({
  test: {
    name: "conformance",
    root: new URL("../..", import.meta.url).pathname,
    environment: "node",
    include: ["test/conformance/**/*.test.ts"],
    testTimeout: SCENARIO_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    fileParallelism: false,
    maxWorkers: 1,
    globals: true,
  },
});
