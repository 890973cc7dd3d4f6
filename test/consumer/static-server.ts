import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { Middleware } from "../../scripts/ai-sdk/node-route";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

/** A built app served on 127.0.0.1 (a loopback origin the mock gateway accepts as it is). */
export type StaticServer = { url: string; close(): Promise<void> };

/** Serves the files under `root`; `/` is `index.html`. `route` sees each request first. */
export async function serveStatic(root: string, route?: Middleware): Promise<StaticServer> {
  const server = createServer((request, response) => {
    if (route === undefined) serveFile(request, response);
    else route(request, response, () => serveFile(request, response));
  });
  function serveFile(request: IncomingMessage, response: ServerResponse): void {
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
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
