// The page's LangGraph stack reaches the local LangGraph server through the demo server, at a
// path of its own: the same origin as the page, whatever port the server got.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { Middleware } from "./http-routes";

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
/** Headers that belong to one hop, not to the request or response they travel with. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "proxy-connection", "upgrade"]);

const withoutHopHeaders = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));

const sendError = (response: Parameters<Middleware>[1], status: number, message: string): void => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify({ error: message }));
};

/**
 * Forwards `<path>/…` to the server `target()` names (its base URL), streams included; while it
 * names none, answers 503 with `unavailable` as the reason.
 */
export function createLangGraphProxy(
  path: string,
  target: () => string | null,
  unavailable: () => string,
): Middleware {
  return (request, response, next) => {
    const url = request.url ?? "/";
    if (url !== path && !url.startsWith(`${path}/`) && !url.startsWith(`${path}?`)) {
      next();
      return;
    }
    // Like the demo's other routes: a DNS-rebound page must not drive the agents.
    if (!LOOPBACK_HOST.test(request.headers.host ?? "")) {
      sendError(response, 403, "the demo server answers loopback hosts only");
      return;
    }
    const base = target();
    if (base === null) {
      sendError(response, 503, unavailable());
      return;
    }
    const upstreamUrl = new URL(url.slice(path.length) || "/", base);
    const upstream = httpRequest(upstreamUrl, {
      method: request.method ?? "GET",
      headers: { ...withoutHopHeaders(request.headers), host: upstreamUrl.host },
    });
    upstream.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
      // A stream's events go out as they come.
      response.flushHeaders();
      answer.pipe(response);
    });
    upstream.on("error", (error) => {
      if (!response.headersSent) sendError(response, 502, `LangGraph server: ${error.message}`);
      else response.destroy();
    });
    // The page left (a reload, a closed stream): so does the request upstream.
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  };
}
