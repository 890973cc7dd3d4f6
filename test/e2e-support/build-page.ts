// A suite's test page, built by Vite in production mode (React, the kit's sources) into a
// temporary folder of its own: runs side by side must not share one.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";

/** Builds the page under `root` and returns the folder it was built into. */
export async function buildTestPage(root: string, suite: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), `ask-user-kit-${suite}-e2e-`));
  await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  });
  return outDir;
}
