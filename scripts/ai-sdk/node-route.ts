// Mounts a web-standard handler (Request in, Response out) as connect middleware on a loopback
// server (Vite's dev and preview servers, the test harness's own).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** A connect-style middleware. */
export type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

const MAX_BODY_BYTES = 1024 * 1024;
const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Serves `POST <path>` with `handler`, to loopback callers of the page's own origin only. */
export function mountHandler(
  path: string,
  handler: (request: Request) => Promise<Response>,
): Middleware {
  return (request, response, next) => {
    if (request.method !== "POST" || request.url?.split("?")[0] !== path) return next();
    const origin = request.headers.origin;
    const sameOrigin = origin === undefined || origin === `http://${request.headers.host ?? ""}`;
    if (!LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? "") || !sameOrigin) {
      response.writeHead(403).end();
      return;
    }
    void (async () => {
      try {
        const body = await readBody(request);
        const webRequest = new Request(`http://${request.headers.host}${request.url}`, {
          method: "POST",
          headers: { "content-type": String(request.headers["content-type"] ?? "") },
          body: new Uint8Array(body),
        });
        const webResponse = await handler(webRequest);
        response.writeHead(webResponse.status, Object.fromEntries(webResponse.headers));
        if (webResponse.body === null) response.end();
        else
          Readable.fromWeb(webResponse.body as import("node:stream/web").ReadableStream).pipe(
            response,
          );
      } catch (error) {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(error instanceof Error ? error.message : String(error));
      }
    })();
  };
}
