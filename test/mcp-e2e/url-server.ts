// A real MCP server (the SDK's McpServer over Streamable HTTP) whose tools ask the user to open a
// URL: on the tool call's own stream (a related request) or on the standalone GET stream, and a
// URL the kit must refuse (LAN http:, javascript:). Its URL is a page of this server; the page's
// Finish button completes the elicitation, with `notifications/elicitation/complete` sent on the
// same stream the elicitation took. Served on its own loopback port, with CORS for the test page.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

/** What one URL elicitation returned to the server, and whether its visit finished. */
export type UrlOutcome = { tool: string; result: ElicitResult } | { tool: string; error: string };

/** The server, running. */
export type UrlMcpServer = {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  mcpUrl: string;
  /** Every elicitation's result, in the order they came back. */
  readonly outcomes: readonly UrlOutcome[];
  /** The elicitation ids whose completion the server sent, in order. */
  readonly completed: readonly string[];
  close(): Promise<void>;
};

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const WAIT_MS = 10 * 60_000;

/** URLs the kit must refuse, by tool. */
export const REFUSED_URLS = {
  url_lan: "http://192.168.1.2/login",
  url_javascript: "javascript:alert(document.domain)",
} as const;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => resolve(new URLSearchParams(text)));
    request.on("error", reject);
  });
}

/** Starts the server on a free loopback port. */
export async function startUrlMcpServer(): Promise<UrlMcpServer> {
  const outcomes: UrlOutcome[] = [];
  const completed: string[] = [];
  // Visits waiting for the user to press Finish on the server's page, by elicitation id.
  const visits = new Map<string, () => void>();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let base = "";

  const visited = (elicitationId: string) =>
    new Promise<void>((resolve) => visits.set(elicitationId, resolve));

  const mcpServer = (): McpServer => {
    const server = new McpServer({ name: "ask-user-kit-urls", version: "1.0.0" });
    const elicit = async (
      tool: string,
      url: (id: string) => string,
      relatedRequestId: string | number | undefined,
    ): Promise<ElicitResult | null> => {
      const elicitationId = randomUUID();
      const related = relatedRequestId === undefined ? {} : { relatedRequestId };
      try {
        const result = await server.server.elicitInput(
          {
            mode: "url",
            message: `Finish signing in (${tool}).`,
            url: url(elicitationId),
            elicitationId,
          },
          { timeout: WAIT_MS, ...related },
        );
        outcomes.push({ tool, result });
        if (result.action === "accept") {
          await visited(elicitationId);
          await server.server.createElicitationCompletionNotifier(elicitationId, related)();
          completed.push(elicitationId);
        }
        return result;
      } catch (error) {
        outcomes.push({ tool, error: error instanceof Error ? error.message : String(error) });
        return null;
      }
    };
    const visitUrl = (id: string) => `${base}/visit?elicitation=${encodeURIComponent(id)}`;
    const text = (value: unknown) => ({
      content: [{ type: "text" as const, text: JSON.stringify(value) }],
    });
    server.registerTool(
      "url_related",
      { description: "Sign in on the call's stream" },
      async (extra) => text(await elicit("url_related", visitUrl, extra.requestId)),
    );
    server.registerTool(
      "url_standalone",
      { description: "Sign in on the GET stream" },
      async () => {
        void elicit("url_standalone", visitUrl, undefined);
        return text("asked");
      },
    );
    for (const [tool, url] of Object.entries(REFUSED_URLS)) {
      server.registerTool(tool, { description: `Open ${url}` }, async (extra) =>
        text(await elicit(tool, () => url, extra.requestId)),
      );
    }
    return server;
  };

  const visitPage = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (request.method === "GET") {
      const id = new URL(request.url ?? "/", base).searchParams.get("elicitation") ?? "";
      const html = page(
        "Sign in",
        `<form method="post" action="${path}"><input type="hidden" name="elicitation" value="${encodeURIComponent(id)}"><button type="submit">Finish</button></form>`,
      );
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      return;
    }
    const id = decodeURIComponent((await readForm(request)).get("elicitation") ?? "");
    const finish = visits.get(id);
    visits.delete(id);
    finish?.();
    response
      .writeHead(finish === undefined ? 404 : 200, { "content-type": "text/html; charset=utf-8" })
      .end(
        page(finish === undefined ? "Unknown visit" : "Finished", "<p>You can close this tab.</p>"),
      );
  };

  const mcp = async (request: IncomingMessage, response: ServerResponse) => {
    const sessionId = request.headers["mcp-session-id"];
    const known = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (known !== undefined) return known.handleRequest(request, response);
    if (request.method !== "POST") {
      response.writeHead(400, { "content-type": "text/plain" }).end("no MCP session");
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await mcpServer().connect(transport);
    await transport.handleRequest(request, response);
  };

  const http = createServer((request, response) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) {
      response.writeHead(403).end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/visit") {
      void visitPage(request, response, path);
      return;
    }
    if (path !== "/mcp") {
      response.writeHead(404).end();
      return;
    }
    // The test page is on another loopback port: a cross-origin client, as a browser host is.
    response.setHeader("access-control-allow-origin", request.headers.origin ?? "*");
    response.setHeader("access-control-expose-headers", "mcp-session-id");
    if (request.method === "OPTIONS") {
      response
        .writeHead(204, {
          "access-control-allow-methods": "GET, POST, DELETE",
          "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "",
        })
        .end();
      return;
    }
    mcp(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    mcpUrl: `${base}/mcp`,
    outcomes,
    completed,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
