// The servers of `npm run test:langgraph`: the test page, built by Vite in production mode into a
// temporary folder and served on 127.0.0.1, and the local LangGraph server (scripts/langgraph/),
// started once per run on a free port with a fresh state folder and stopped with SIGINT.
import { readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { startLangGraphServer } from "../../scripts/langgraph/server";
import { buildTestPage } from "../e2e-support/build-page";

const PAGE_ROOT = fileURLToPath(new URL("./page/", import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

/** The page and the LangGraph server, running. */
export type LangGraphPageServer = {
  /** The page's URL (without its query). */
  url: string;
  /** The LangGraph server's base URL, for the page's `?api=` and the SDK client. */
  apiUrl: string;
  /** How long the LangGraph server took to answer, in ms. */
  startupMs: number;
  close(): Promise<void>;
};

const buildPage = () => buildTestPage(PAGE_ROOT, "langgraph");

/** Starts the LangGraph server while the page builds, then serves the page. */
export async function startLangGraphPageServer(): Promise<LangGraphPageServer> {
  const startedAt = Date.now();
  const starting = startLangGraphServer().then((server) => ({
    server,
    startupMs: Date.now() - startedAt,
  }));
  let root: string;
  try {
    root = await buildPage();
  } catch (error) {
    await starting.then(
      ({ server }) => server.stop(),
      () => undefined,
    );
    throw error;
  }
  const { server: langgraph, startupMs } = await starting;
  const server = createServer((request, response) => {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    apiUrl: langgraph.url,
    startupMs,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await langgraph.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
