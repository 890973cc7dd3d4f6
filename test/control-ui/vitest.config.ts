import { defineConfig } from "vitest/config";

// The plugin build, a cold gateway with a model (up to 70 s) and its first turn (up to 35 s).
const TEST_TIMEOUT_MS = 120_000;
const HOOK_TIMEOUT_MS = 360_000;

export default defineConfig({
  test: {
    name: "control-ui",
    root: new URL("../..", import.meta.url).pathname,
    environment: "node",
    include: ["test/control-ui/**/*.test.ts"],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    fileParallelism: false,
    maxWorkers: 1,
    globals: true,
  },
});
