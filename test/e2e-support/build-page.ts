// A suite's test page, built by Vite in production mode (React, the kit's sources) into a
// temporary folder of its own: runs side by side must not share one.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { build, type ResolveOptions } from "vite";

const CHUNK_SIZE_WARNING_KB = 2048;

/** What a page needs beyond the others: where its imports come from, and its largest chunk. */
export type PageBuildOptions = {
  resolve?: ResolveOptions & { alias?: Array<{ find: string | RegExp; replacement: string }> };
  chunkSizeWarningKb?: number;
};

/** Builds the page under `root` and returns the folder it was built into. */
export async function buildTestPage(
  root: string,
  suite: string,
  options: PageBuildOptions = {},
): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), `ask-user-kit-${suite}-e2e-`));
  await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    plugins: [react()],
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: options.chunkSizeWarningKb ?? CHUNK_SIZE_WARNING_KB,
    },
  });
  return outDir;
}
