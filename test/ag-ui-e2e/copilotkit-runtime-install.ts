/**
 * Installs the real `@copilotkit/runtime` (an AG-UI server for the end-to-end tests) into a cache
 * folder outside the repository on first use, and reuses it afterwards. It stays out of the
 * repository's dependencies: it pins `@ag-ui/client` 0.0.59 beside the repository's 1.0.0, wants
 * `ai` ^6 whatever `ai` the repository tests against, and brings about 290 MB (LangChain, model
 * provider SDKs).
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { cachedInstaller } from "./cached-install";

export const COPILOTKIT_RUNTIME_VERSION = "1.75.0";
/** The `ai` the runtime resolves: pinned at the top of the cache so `ai/test` is the same copy. */
export const COPILOTKIT_AI_VERSION = "6.0.333";
/** The `zod` the runtime resolves: the server's tool schemas must come from the same copy. */
export const COPILOTKIT_ZOD_VERSION = "3.25.76";

/** Where the runtime is cached; `ASK_USER_KIT_COPILOTKIT_DIR` overrides. */
export const copilotKitDir =
  process.env.ASK_USER_KIT_COPILOTKIT_DIR ??
  join(homedir(), ".cache", "ask-user-kit", "copilotkit");

/** Installs the runtime unless the cache already holds the pinned versions (once a process). */
export const ensureCopilotKitRuntime = cachedInstaller({
  label: `@copilotkit/runtime ${COPILOTKIT_RUNTIME_VERSION}`,
  dir: copilotKitDir,
  pinned: [
    ["@copilotkit/runtime", COPILOTKIT_RUNTIME_VERSION],
    ["ai", COPILOTKIT_AI_VERSION],
    ["zod", COPILOTKIT_ZOD_VERSION],
  ],
  firstRunCost: "about 60 s and 290 MB",
});
