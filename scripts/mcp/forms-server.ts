// A real MCP server whose tools ask the user through form elicitation, served over Streamable
// HTTP on the demo's (or a test's) loopback server at /mcp. What each form returned is kept, so
// a test can check what the server received, value by value and type by type.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** How long the server waits on a form; the dock's own deadline (15 min) ends it first. */
const FORM_WAIT_MS = 20 * 60_000;

/** The sign-up form: six fields with every primitive and constraint of the spec, and a date. */
export const SIGN_UP_SCHEMA: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    fullName: {
      type: "string",
      title: "Name",
      description: "Your full name.",
      minLength: 2,
      maxLength: 40,
    },
    email: {
      type: "string",
      title: "Email",
      description: "Where the invoice goes.",
      format: "email",
    },
    website: {
      type: "string",
      title: "Website",
      description: "Your project's site.",
      format: "uri",
    },
    seats: {
      type: "integer",
      title: "Seats",
      description: "How many people use it.",
      minimum: 1,
      maximum: 10,
      default: 2,
    },
    budget: {
      type: "number",
      title: "Budget",
      description: "Monthly budget in euros.",
      minimum: 0,
      maximum: 5000,
    },
    newsletter: {
      type: "boolean",
      title: "Newsletter",
      description: "Send me the monthly newsletter.",
      default: true,
    },
    plan: {
      type: "string",
      title: "Plan",
      description: "Which plan fits?",
      oneOf: [
        { const: "free", title: "Free" },
        { const: "pro", title: "Pro" },
        { const: "team", title: "Team" },
      ],
      default: "pro",
    },
    editor: {
      type: "string",
      title: "Editor",
      description: "Your editor.",
      enum: ["vscode", "vim", "emacs"],
      enumNames: ["VS Code", "Vim", "Emacs"],
    },
    regions: {
      type: "array",
      title: "Regions",
      description: "Where your users are (one or two).",
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: "eu", title: "Europe" },
          { const: "us", title: "Americas" },
          { const: "ap", title: "Asia-Pacific" },
        ],
      },
    },
    languages: {
      type: "array",
      title: "Languages",
      description: "Languages you write.",
      items: { type: "string", enum: ["TypeScript", "Python", "Go"] },
    },
    start: { type: "string", title: "Start date", description: "When to start.", format: "date" },
    callAt: {
      type: "string",
      title: "Call time",
      description: "When we may call you.",
      format: "date-time",
    },
  },
  required: ["fullName", "email", "seats", "plan", "regions", "start"],
};

/** A form outside the spec: a nested object, which the dock declines with a notice. */
export const NESTED_SCHEMA = {
  type: "object",
  properties: {
    address: { type: "object", properties: { city: { type: "string" } } },
  },
} as unknown as ElicitRequestFormParams["requestedSchema"];

/** A short form of two fields. */
export const CONFIRM_SCHEMA: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    target: {
      type: "string",
      title: "Target",
      enum: ["staging", "production"],
      enumNames: ["Staging", "Production"],
    },
    note: {
      type: "string",
      title: "Note",
      description: "Anything the release notes should say.",
      maxLength: 80,
    },
  },
  required: ["target"],
};

/** Property names that are also object keys: each must arrive as data. */
export const ODD_NAMES_SCHEMA: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: JSON.parse(
    '{"__proto__":{"type":"string","title":"Proto"},"constructor":{"type":"string","title":"Constructor"},"plain":{"type":"string","title":"Plain"}}',
  ) as ElicitRequestFormParams["requestedSchema"]["properties"],
};

/** 100 KB of words, and a 100 KB word: what no layout can count on. */
export const LONG_TEXT = "Lorem ipsum dolor sit amet ".repeat(3_800).slice(0, 100_000);
export const LONG_WORD = "W".repeat(100_000);

/** A form whose titles, description and choices run to 100 KB. */
export const LONG_SCHEMA: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    target: {
      type: "string",
      title: LONG_WORD,
      description: LONG_TEXT,
      enum: ["a", "b"],
      enumNames: [LONG_WORD, `Short ${LONG_TEXT}`],
    },
    note: { type: "string", title: LONG_TEXT, description: LONG_WORD },
  },
  required: ["target"],
};

/**
 * A form with rules outside the spec's primitives that servers still use and the SDK's server
 * validates: a `pattern` and a `multipleOf` (the SDK's types list neither, hence the cast).
 */
export const SHIPPING_SCHEMA = {
  type: "object",
  properties: {
    zip: {
      type: "string",
      title: "Zip code",
      description: "Five digits, e.g. 10115",
      pattern: "^[0-9]{5}$",
    },
    boxes: {
      type: "integer",
      title: "Boxes",
      description: "Sold in fives.",
      minimum: 5,
      multipleOf: 5,
    },
  },
  required: ["zip", "boxes"],
} as unknown as ElicitRequestFormParams["requestedSchema"];

/** The forms the server's tools ask, by tool name; `waitMs` ends the server's wait early. */
export const FORM_TOOLS: Record<
  string,
  { message: string; schema: ElicitRequestFormParams["requestedSchema"]; waitMs?: number }
> = {
  sign_up: { message: "Sign up for the hosted plan.", schema: SIGN_UP_SCHEMA },
  confirm_release: { message: "Confirm the release.", schema: CONFIRM_SCHEMA },
  nested_form: { message: "Where should we ship it?", schema: NESTED_SCHEMA },
  odd_names: { message: "Three names that are object keys.", schema: ODD_NAMES_SCHEMA },
  long_form: { message: LONG_TEXT, schema: LONG_SCHEMA },
  // The server gives up after 1.5 s and cancels its request (the session's first: id 0).
  quick_cancel: { message: "Answer within a moment.", schema: CONFIRM_SCHEMA, waitMs: 1_500 },
  ship_boxes: { message: "Where do the boxes go?", schema: SHIPPING_SCHEMA },
};

/** One form's outcome as the server received it (after the SDK validated it against the schema). */
export type FormOutcome = { tool: string; result: ElicitResult } | { tool: string; error: string };

/** The JSON text of each elicitation result as it came over the wire, before the SDK parsed it. */
export type WireResults = string[];

/** Reads a POST body, keeps an elicitation result's text, and hands the parsed body on. */
async function readPost(request: IncomingMessage, wire: WireResults): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.includes('"action"')) wire.push(text);
  return JSON.parse(text) as unknown;
}

function mcpServer(outcomes: FormOutcome[]): McpServer {
  const server = new McpServer({ name: "ask-user-kit-forms", version: "1.0.0" });
  for (const [tool, form] of Object.entries(FORM_TOOLS)) {
    server.registerTool(tool, { description: form.message }, async () => {
      try {
        const result = await server.server.elicitInput(
          { mode: "form", message: form.message, requestedSchema: form.schema },
          { timeout: form.waitMs ?? FORM_WAIT_MS },
        );
        outcomes.push({ tool, result });
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcomes.push({ tool, error: message });
        return { content: [{ type: "text", text: message }], isError: true };
      }
    });
  }
  return server;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * `allowedHosts`: the SDK transport's own DNS rebinding protection, as a server behind a proxy
 * has it: the only `Host` values it accepts (`host:port`, else 403 "Invalid Host header"), and
 * the page origins `allowedOrigins`. It replaces this server's check that a page's origin is the
 * server's host, which no proxy meets.
 */
export type FormsServerOptions = { allowedHosts?: string[]; allowedOrigins?: string[] };

/** The server at `path` (Streamable HTTP, a session per client) and what its forms returned. */
export function createFormsServer(
  path = "/mcp",
  { allowedHosts, allowedOrigins }: FormsServerOptions = {},
): {
  middleware: Middleware;
  outcomes: FormOutcome[];
  wire: WireResults;
  close(): Promise<void>;
} {
  const outcomes: FormOutcome[] = [];
  const wire: WireResults = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const middleware: Middleware = (request, response, next) => {
    if (request.url?.split("?")[0] !== path) return next();
    const origin = request.headers.origin;
    const sameOrigin =
      allowedHosts !== undefined ||
      origin === undefined ||
      origin === `http://${request.headers.host ?? ""}`;
    if (!LOOPBACK.has(request.socket.remoteAddress ?? "") || !sameOrigin) {
      response.writeHead(403).end();
      return;
    }
    const sessionId = request.headers["mcp-session-id"];
    const known = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    void (async () => {
      const body = request.method === "POST" ? await readPost(request, wire) : undefined;
      if (known !== undefined) return known.handleRequest(request, response, body);
      if (request.method !== "POST") {
        response.writeHead(400, { "content-type": "text/plain" }).end("no MCP session");
        return;
      }
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
        ...(allowedHosts === undefined
          ? {}
          : { enableDnsRebindingProtection: true, allowedHosts, allowedOrigins }),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      await mcpServer(outcomes).connect(transport);
      await transport.handleRequest(request, response, body);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(error instanceof Error ? error.message : String(error));
    });
  };
  return {
    middleware,
    outcomes,
    wire,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      sessions.clear();
    },
  };
}
