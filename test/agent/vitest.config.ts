import { defineConfig } from "vitest/config";

// A cold real gateway with a model takes up to 50 s to start and 35 s for its first turn.
const TURN_TIMEOUT_MS = 120_000;
const HOOK_TIMEOUT_MS = 240_000;

export default defineConfig({
  test: {
    name: "agent",
    root: new URL("../..", import.meta.url).pathname,
    environment: "node",
    include: ["test/agent/**/*.test.ts"],
    testTimeout: TURN_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    fileParallelism: false,
    maxWorkers: 1,
    globals: true,
  },
});
