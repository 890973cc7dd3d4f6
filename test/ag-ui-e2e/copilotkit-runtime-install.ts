/**
 * Installs the real `@copilotkit/runtime` (an AG-UI server for the end-to-end tests) into a cache
 * folder outside the repository on first use, and reuses it afterwards. It stays out of the
 * repository's dependencies: it pins `@ag-ui/client` 0.0.59 beside the repository's 1.0.0, wants
 * `ai` ^6 whatever `ai` the repository tests against, and brings about 290 MB (LangChain, model
 * provider SDKs).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { run } from "../../scripts/peer-install";

export const COPILOTKIT_RUNTIME_VERSION = "1.75.0";
/** The `ai` the runtime resolves: pinned at the top of the cache so `ai/test` is the same copy. */
export const COPILOTKIT_AI_VERSION = "6.0.333";
/** The `zod` the runtime resolves: the server's tool schemas must come from the same copy. */
export const COPILOTKIT_ZOD_VERSION = "3.25.76";

/** Where the runtime is cached; `ASK_USER_KIT_COPILOTKIT_DIR` overrides. */
export const copilotKitDir =
  process.env.ASK_USER_KIT_COPILOTKIT_DIR ??
  join(homedir(), ".cache", "ask-user-kit", "copilotkit");

const PINNED: ReadonlyArray<readonly [string, string]> = [
  ["@copilotkit/runtime", COPILOTKIT_RUNTIME_VERSION],
  ["ai", COPILOTKIT_AI_VERSION],
  ["zod", COPILOTKIT_ZOD_VERSION],
];

async function installedVersion(name: string): Promise<string | null> {
  try {
    const manifest: unknown = JSON.parse(
      await readFile(join(copilotKitDir, "node_modules", name, "package.json"), "utf8"),
    );
    if (typeof manifest !== "object" || manifest === null || !("version" in manifest)) return null;
    return typeof manifest.version === "string" ? manifest.version : null;
  } catch {
    return null;
  }
}

async function pinnedVersionsInstalled(): Promise<boolean> {
  const versions = await Promise.all(PINNED.map(([name]) => installedVersion(name)));
  return versions.every((version, index) => version === PINNED[index]?.[1]);
}

let ensured: Promise<void> | undefined;

/** Installs the runtime unless the cache already holds the pinned versions (once a process). */
export function ensureCopilotKitRuntime(): Promise<void> {
  ensured ??= installUnlessCached().catch((error: unknown) => {
    ensured = undefined;
    throw error;
  });
  return ensured;
}

async function installUnlessCached(): Promise<void> {
  if (await pinnedVersionsInstalled()) {
    console.log(
      `Using the cached @copilotkit/runtime ${COPILOTKIT_RUNTIME_VERSION} in ${copilotKitDir}`,
    );
    return;
  }
  const specs = PINNED.map(([name, version]) => `${name}@${version}`);
  console.log(
    `Installing ${specs.join(", ")} into ${copilotKitDir} (first run only: about 60 s and 290 MB)...`,
  );
  const startedAt = Date.now();
  await mkdir(copilotKitDir, { recursive: true });
  const manifest = join(copilotKitDir, "package.json");
  if (!existsSync(manifest))
    await writeFile(
      manifest,
      `${JSON.stringify({ name: "copilotkit-runtime-cache", private: true })}\n`,
    );
  const code = await run(
    "npm",
    ["install", "--save-exact", "--no-audit", "--no-fund", "--loglevel=error", ...specs],
    { cwd: copilotKitDir },
  );
  if (code !== 0) throw new Error(`npm install ${specs.join(" ")} failed with exit code ${code}`);
  if (!(await pinnedVersionsInstalled()))
    throw new Error(`npm install left other versions than ${specs.join(", ")} in ${copilotKitDir}`);
  console.log(`Installed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}
