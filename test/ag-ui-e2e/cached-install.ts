/**
 * A set of npm packages installed into a cache folder outside the repository on first use, keyed
 * by their pinned versions, and reused afterwards: the CopilotKit runtime and react-core stay out
 * of the repository's dependencies (each pins `@ag-ui/client` 0.0.59 beside the repository's
 * 1.0.0, and each brings hundreds of packages).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { run } from "../../scripts/peer-install";

/** What to install where. */
export type CachedInstall = {
  /** The name the progress lines give it. */
  label: string;
  dir: string;
  /** Package names and their exact versions; the cache is used when all of them are installed. */
  pinned: ReadonlyArray<readonly [string, string]>;
  /** What a first install costs, for the progress line (e.g. "about 60 s and 290 MB"). */
  firstRunCost: string;
};

// CopilotKit's packages and their @scarf/scarf dependency report installs and use unless told not to.
const TELEMETRY_OFF = {
  COPILOTKIT_TELEMETRY_DISABLED: "true",
  SCARF_ANALYTICS: "false",
  DO_NOT_TRACK: "1",
};

/** The version of `name` installed in `dir`, or null. */
export async function installedVersion(dir: string, name: string): Promise<string | null> {
  try {
    const manifest: unknown = JSON.parse(
      await readFile(join(dir, "node_modules", name, "package.json"), "utf8"),
    );
    if (typeof manifest !== "object" || manifest === null || !("version" in manifest)) return null;
    return typeof manifest.version === "string" ? manifest.version : null;
  } catch {
    return null;
  }
}

async function pinnedVersionsInstalled(install: CachedInstall): Promise<boolean> {
  const versions = await Promise.all(
    install.pinned.map(([name]) => installedVersion(install.dir, name)),
  );
  return versions.every((version, index) => version === install.pinned[index]?.[1]);
}

async function installUnlessCached(install: CachedInstall): Promise<void> {
  const { label, dir } = install;
  if (await pinnedVersionsInstalled(install)) {
    console.log(`Using the cached ${label} in ${dir}`);
    return;
  }
  const specs = install.pinned.map(([name, version]) => `${name}@${version}`);
  console.log(
    `Installing ${specs.join(", ")} into ${dir} (first run only: ${install.firstRunCost})...`,
  );
  const startedAt = Date.now();
  await mkdir(dir, { recursive: true });
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest))
    await writeFile(manifest, `${JSON.stringify({ name: "ask-user-kit-cache", private: true })}\n`);
  const code = await run(
    "npm",
    ["install", "--save-exact", "--no-audit", "--no-fund", "--loglevel=error", ...specs],
    { cwd: dir, env: { ...process.env, ...TELEMETRY_OFF } },
  );
  if (code !== 0) throw new Error(`npm install ${specs.join(" ")} failed with exit code ${code}`);
  if (!(await pinnedVersionsInstalled(install)))
    throw new Error(`npm install left other versions than ${specs.join(", ")} in ${dir}`);
  console.log(`Installed ${label} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

/** Returns a function that installs `install` unless cached, once a process (retried after a failure). */
export function cachedInstaller(install: CachedInstall): () => Promise<void> {
  let ensured: Promise<void> | undefined;
  return () => {
    ensured ??= installUnlessCached(install).catch((error: unknown) => {
      ensured = undefined;
      throw error;
    });
    return ensured;
  };
}
