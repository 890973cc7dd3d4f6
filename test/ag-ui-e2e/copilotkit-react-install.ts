/**
 * Installs `@copilotkit/react-core` (the README's CopilotKit page runs on its `/v2`) into a cache
 * folder beside the runtime's on first use, and reuses it afterwards: about 950 packages the
 * repository does not otherwise need. React is pinned to the repository's own version, and the
 * page's build takes React from the repository (one copy on the page).
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { cachedInstaller } from "./cached-install";

/** The version the README's CopilotKit page names. */
export const COPILOTKIT_REACT_VERSION = "1.74.0";
const REACT_VERSION = "19.3.1";

/** Where react-core is cached; `ASK_USER_KIT_COPILOTKIT_REACT_DIR` overrides. */
export const copilotKitReactDir =
  process.env.ASK_USER_KIT_COPILOTKIT_REACT_DIR ??
  join(homedir(), ".cache", "ask-user-kit", "copilotkit-react");

/** Installs react-core unless the cache already holds the pinned versions (once a process). */
export const ensureCopilotKitReact = cachedInstaller({
  label: `@copilotkit/react-core ${COPILOTKIT_REACT_VERSION}`,
  dir: copilotKitReactDir,
  pinned: [
    ["@copilotkit/react-core", COPILOTKIT_REACT_VERSION],
    ["react", REACT_VERSION],
    ["react-dom", REACT_VERSION],
  ],
  firstRunCost: "about 85 s and 500 MB",
});
