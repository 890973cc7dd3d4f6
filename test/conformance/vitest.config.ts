import { defineConfig } from "vitest/config";

const SCENARIO_TIMEOUT_MS = 60_000;
/** Longer than a gateway may take to start beside other lanes (150 s), so its own error shows. */
const HOOK_TIMEOUT_MS = 180_000;

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
