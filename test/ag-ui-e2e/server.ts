// The servers of `npm run test:ag-ui`: the test page, built by Vite in production mode into a
// temporary folder and served on 127.0.0.1, and a real CopilotKit runtime with a scripted model
// (copilotkit-server.ts), started while the page builds.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { serveStatic } from "../consumer/static-server";
import { type CopilotKitServer, startCopilotKitServer } from "./copilotkit-server";

const PAGE_ROOT = fileURLToPath(new URL("./page/", import.meta.url));

/** The page and the runtime, running. */
export type AgUiPageServer = {
  /** The page's URL (without its query). */
  url: string;
  runtime: CopilotKitServer;
  close(): Promise<void>;
};

async function buildPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "ask-user-kit-ag-ui-e2e-"));
  await build({
    configFile: false,
    root: PAGE_ROOT,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  });
  return outDir;
}

/** Starts the runtime while the page builds, then serves the page. */
export async function startAgUiPageServer(): Promise<AgUiPageServer> {
  const starting = startCopilotKitServer();
  let root: string;
  try {
    root = await buildPage();
  } catch (error) {
    await starting.then(
      (runtime) => runtime.close(),
      () => undefined,
    );
    throw error;
  }
  const runtime = await starting;
  const page = await serveStatic(root);
  return {
    url: page.url,
    runtime,
    close: async () => {
      await page.close();
      await runtime.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
