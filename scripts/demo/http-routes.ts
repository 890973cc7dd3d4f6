import type { IncomingMessage, ServerResponse } from "node:http";
import { DEFAULT_SESSION_KEY, isScenarioName } from "../../src/demo/shared/scenarios";
import type { DemoConfig } from "../../src/demo/shared/turns";
import type { QuestionApi } from "../../src/gateway/types";
import type { DemoAgent } from "./demo-agent";
import type { TurnLog } from "./turn-log";

/** A connect-style middleware. */
export type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

/** What the demo's HTTP endpoints need. */
export type RouteContext = {
  mode: DemoConfig["mode"];
  agentKind: DemoConfig["agent"];
  /** The gateway URL the page connects to. */
  pageGatewayUrl: string;
  token: string;
  api: QuestionApi;
  agent: DemoAgent;
  log: TurnLog;
  /** Makes the agent ask an OpenClaw async question (only on the start server's own mock). */
  askAsync?: (sessionKey: string) => { runId: string; itemId: string; messageId: string };
};

const MAX_BODY_BYTES = 64 * 1024;
const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

// The Host check keeps a DNS-rebound page from reading the token.
const isLoopback = (request: IncomingMessage) =>
  LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? "") &&
  LOOPBACK_HOST.test(request.headers.host ?? "");

// JSON-only POSTs from the page's own origin: another site cannot answer or ask through us,
// since a cross-origin JSON POST needs a preflight this server never grants.
const isSameOriginJson = (request: IncomingMessage) => {
  const contentType = request.headers["content-type"] ?? "";
  const origin = request.headers.origin;
  return (
    contentType.startsWith("application/json") &&
    (origin === undefined || origin === `http://${request.headers.host ?? ""}`)
  );
};

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
};

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(buffer);
  }
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("expected a JSON object");
  return value as Record<string, unknown>;
};

const errorBody = (error: unknown) => {
  const shape = error as {
    code?: unknown;
    reason?: unknown;
    details?: { reason?: unknown };
    message?: unknown;
  };
  return {
    error: typeof shape.message === "string" ? shape.message : String(error),
    code: typeof shape.code === "string" ? shape.code : null,
    reason:
      typeof shape.reason === "string"
        ? shape.reason
        : typeof shape.details?.reason === "string"
          ? shape.details.reason
          : null,
  };
};

const sessionOf = (body: Record<string, unknown>) =>
  typeof body.sessionKey === "string" && body.sessionKey !== ""
    ? body.sessionKey
    : DEFAULT_SESSION_KEY;

const isAnswerMap = (value: unknown): value is Record<string, string[]> =>
  typeof value === "object" &&
  value !== null &&
  Object.values(value).every(
    (entry) => Array.isArray(entry) && entry.every((item) => typeof item === "string"),
  );

/** Serves `/demo-config.json`, `/agent/*` and `/channels/resolve`. */
export function createDemoRoutes(context: RouteContext): Middleware {
  const handlers: Record<
    string,
    (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>
  > = {
    "GET /demo-config.json": async (request, response, url) => {
      const config: DemoConfig = {
        mode: context.mode,
        agent: context.agentKind,
        gatewayUrl: context.pageGatewayUrl,
        token: isLoopback(request) ? context.token : null,
        sessionKey: url.searchParams.get("session") ?? DEFAULT_SESSION_KEY,
        asyncQuestions: context.askAsync !== undefined,
      };
      sendJson(response, 200, config);
    },
    // The gateway's own Control UI, signed in: the token travels in the fragment, which no server
    // or log sees, and only to this machine's browser.
    "GET /control-ui": async (request, response) => {
      if (!isLoopback(request)) {
        sendJson(response, 403, { error: "the Control UI link is for this machine only" });
        return;
      }
      const controlUi = context.pageGatewayUrl.replace(/^ws/, "http").replace(/\/?$/, "/");
      response.writeHead(302, {
        location: `${controlUi}#token=${encodeURIComponent(context.token)}`,
        "cache-control": "no-store",
      });
      response.end();
    },
    "GET /agent/turns": async (request, response, url) => {
      const sessionKey = url.searchParams.get("session") ?? DEFAULT_SESSION_KEY;
      if (!(request.headers.accept ?? "").includes("text/event-stream")) {
        sendJson(response, 200, { turns: context.log.list(sessionKey) });
        return;
      }
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      const push = () =>
        response.write(`data: ${JSON.stringify({ turns: context.log.list(sessionKey) })}\n\n`);
      push();
      const unsubscribe = context.log.subscribe(push);
      request.on("close", unsubscribe);
    },
    "POST /agent/scenario": async (request, response) => {
      const body = await readJson(request);
      if (!isScenarioName(body.name)) {
        sendJson(response, 400, { error: "unknown scenario" });
        return;
      }
      sendJson(response, 200, await context.agent.runScenario(body.name, sessionOf(body)));
    },
    "POST /agent/async-question": async (request, response) => {
      const body = await readJson(request);
      if (context.askAsync === undefined) {
        sendJson(response, 501, { error: "async questions need the start server's mock gateway" });
        return;
      }
      sendJson(response, 200, context.askAsync(sessionOf(body)));
    },
    "POST /agent/abort": async (request, response) => {
      const body = await readJson(request);
      sendJson(response, 200, { aborted: await context.agent.abort(sessionOf(body)) });
    },
    "POST /agent/message": async (request, response) => {
      const body = await readJson(request);
      if (typeof body.text !== "string" || body.text.trim() === "") {
        sendJson(response, 400, { error: "empty message" });
        return;
      }
      context.agent.say(sessionOf(body), body.text.trim());
      sendJson(response, 200, { ok: true });
    },
    "POST /channels/resolve": async (request, response) => {
      const body = await readJson(request);
      if (typeof body.id !== "string" || typeof body.channel !== "string") {
        sendJson(response, 400, { error: "id and channel are required" });
        return;
      }
      const options = { resolvedBy: body.channel };
      const result =
        body.cancel === true
          ? await context.api.cancel(body.id, options)
          : isAnswerMap(body.answers)
            ? await context.api.resolve(body.id, { answers: body.answers }, options)
            : null;
      if (result === null) sendJson(response, 400, { error: "answers or cancel is required" });
      else sendJson(response, 200, result);
    },
  };

  return (request, response, next) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const handler = handlers[`${request.method ?? "GET"} ${url.pathname}`];
    if (!handler) {
      next();
      return;
    }
    if (!LOOPBACK_HOST.test(request.headers.host ?? "")) {
      sendJson(response, 403, { error: "the demo server answers loopback hosts only" });
      return;
    }
    if (request.method === "POST" && !isSameOriginJson(request)) {
      sendJson(response, 403, { error: "same-origin JSON requests only" });
      return;
    }
    handler(request, response, url).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 502, errorBody(error));
    });
  };
}
