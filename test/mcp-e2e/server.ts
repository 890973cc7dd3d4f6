// The server of `npm run test:mcp`: the test page, built by Vite in production mode into a
// temporary folder, and the MCP forms server (Streamable HTTP at /mcp), on 127.0.0.1. Each case
// gets a fresh forms server (`resetForms`), whose `outcomes` hold what every form returned.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { createFormsServer, type FormOutcome } from "../../scripts/mcp/forms-server";

const PAGE_ROOT = fileURLToPath(new URL("./page/", import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

type FormsServer = ReturnType<typeof createFormsServer>;

/** The page and the MCP route, running. */
export type McpPageServer = {
  url: string;
  /** What the current forms server received, in order. */
  readonly outcomes: readonly FormOutcome[];
  /** The elicitation results as JSON text off the wire, before the SDK parsed them. */
  readonly wire: readonly string[];
  /** A fresh forms server for the next case (the old one's sessions are closed). */
  resetForms(): Promise<void>;
  close(): Promise<void>;
};

/** Builds the page (production mode) into a temporary folder. */
async function buildPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "ask-user-kit-mcp-e2e-"));
  await build({
    configFile: false,
    root: PAGE_ROOT,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 2048,
      // The forms page, and the page whose client takes URL elicitations (cases-url.ts).
      rolldownOptions: { input: [join(PAGE_ROOT, "index.html"), join(PAGE_ROOT, "url.html")] },
    },
  });
  return outDir;
}

/** Builds the page and starts the server on a free loopback port. */
export async function startMcpServer(): Promise<McpPageServer> {
  const root = await buildPage();
  let forms: FormsServer = createFormsServer("/mcp");
  const server = createServer((request, response) => {
    // The middleware is read per request, so a reset reaches the next request.
    forms.middleware(request, response, () => {
      if (request.method !== "GET") {
        response.writeHead(405).end();
        return;
      }
      const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      const file = normalize(join(root, path === "/" ? "index.html" : path));
      if (!file.startsWith(root)) {
        response.writeHead(403).end();
        return;
      }
      readFile(file).then(
        (body) => {
          const type = CONTENT_TYPES[extname(file)] ?? "application/octet-stream";
          response.writeHead(200, { "content-type": type }).end(body);
        },
        () => response.writeHead(404).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    get wire() {
      return forms.wire;
    },
    get outcomes() {
      return forms.outcomes;
    },
    resetForms: async () => {
      await forms.close().catch(() => undefined);
      forms = createFormsServer("/mcp");
    },
    close: async () => {
      await forms.close().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
