// The server of `npm run test:ai-sdk`: the test page, built by Vite in production mode into a
// temporary folder, and the AI SDK route at POST /api/chat, on 127.0.0.1. Each case gets a fresh
// scripted model (`resetModel`), whose `doStreamCalls` hold every prompt the page's chat sent.
import { readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { MockLanguageModelV3 } from "ai/test";
import { createChatHandler } from "../../scripts/ai-sdk/chat-handler";
import { mountHandler } from "../../scripts/ai-sdk/node-route";
import { createScriptedChatModel } from "../../scripts/ai-sdk/scripted-chat-model";
import { buildTestPage } from "../e2e-support/build-page";

const PAGE_ROOT = fileURLToPath(new URL("./page/", import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

/** The page and the chat route, running. */
export type ChatServer = {
  url: string;
  /** The model the route answers with now. */
  readonly model: MockLanguageModelV3;
  /** A fresh scripted model for the next case. */
  resetModel(): MockLanguageModelV3;
  close(): Promise<void>;
};

const buildPage = () => buildTestPage(PAGE_ROOT, "ai-sdk");

/** Builds the page and starts the server on a free loopback port. */
export async function startChatServer(): Promise<ChatServer> {
  const root = await buildPage();
  let model = createScriptedChatModel();
  // The route reads the current model per request, so a reset reaches the next request.
  const route = mountHandler("/api/chat", (request) => createChatHandler(model)(request));
  const server = createServer((request, response) => {
    route(request, response, () => {
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
    get model() {
      return model;
    },
    resetModel: () => {
      model = createScriptedChatModel();
      return model;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
