import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { StoreApi } from "zustand/vanilla";
import {
  createMcpQuestionSource,
  DEFAULT_FORM_TIMEOUT_MS,
  type McpQuestionSource,
  type RefusedForm,
} from "../mcp/index";
import { createQuestionStore, type QuestionStore } from "../store/index";

/** The session the forms belong to: the source's and the provider's `sessionKey`. */
export const FORMS_SESSION_KEY = "forms";

/** Names the page's MCP forms in the store's sessionStorage keys. */
const GATEWAY_KEY = "demo-mcp";

/** A call waits on its form: longer than the dock's own deadline, which answers `cancel` first. */
const CALL_TIMEOUT_MS = DEFAULT_FORM_TIMEOUT_MS + 60_000;

/** What a tool call returned: the result's text, and whether the server called it an error. */
export type ToolResult = { text: string; isError: boolean };

export type ConnectionStatus =
  | { state: "connecting" }
  | { state: "connected" }
  | { state: "failed"; error: string };

/** The page's MCP client with the kit's source and store; `use` and `release` it from an effect. */
export type McpConnection = {
  store: StoreApi<QuestionStore>;
  source: McpQuestionSource;
  /** Calls a tool (which may ask a form) and resolves with its result's text. */
  callTool(name: string): Promise<ToolResult>;
  /** Forms the dock could not show; they were declined. */
  onRefused(listener: (form: RefusedForm) => void): () => void;
  status(): ConnectionStatus;
  onStatus(listener: () => void): () => void;
  /** Connects on the first use; a release closes it unless used again at once (StrictMode). */
  use(): void;
  release(): void;
};

const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content
        .map((part: { type?: unknown; text?: unknown }) =>
          part.type === "text" && typeof part.text === "string" ? part.text : "",
        )
        .join("")
    : "";

/**
 * Makes the client, the source and the store; nothing touches the network until `use`. The source
 * comes before `client.connect()`: it declares the form elicitation capability.
 */
export function createMcpConnection(): McpConnection {
  const refusedListeners = new Set<(form: RefusedForm) => void>();
  const statusListeners = new Set<() => void>();
  let status: ConnectionStatus = { state: "connecting" };
  const setStatus = (next: ConnectionStatus) => {
    status = next;
    for (const listener of [...statusListeners]) listener();
  };
  const client = new Client({ name: "ask-user-kit demo", version: "1.0.0" });
  const source = createMcpQuestionSource(client, {
    sessionKey: FORMS_SESSION_KEY,
    onRefused: (form) => {
      for (const listener of [...refusedListeners]) listener(form);
    },
  });
  const store = createQuestionStore({ api: source, gatewayKey: GATEWAY_KEY });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", window.location.href));
  let connected: Promise<void> | null = null;
  let users = 0;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  const close = async () => {
    // Ends the server's session too, so a form it still waits on ends with the page's client.
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  };

  return {
    store,
    source,
    callTool: async (name) => {
      if (connected === null) throw new Error("the MCP client is not connected");
      await connected;
      const result = await client.callTool({ name }, undefined, { timeout: CALL_TIMEOUT_MS });
      return { text: textOf(result.content), isError: result.isError === true };
    },
    onRefused: (listener) => {
      refusedListeners.add(listener);
      return () => refusedListeners.delete(listener);
    },
    status: () => status,
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    use: () => {
      clearTimeout(closeTimer);
      users += 1;
      if (connected !== null) return;
      connected = client.connect(transport);
      connected.then(
        () => setStatus({ state: "connected" }),
        (error: unknown) =>
          setStatus({
            state: "failed",
            error: error instanceof Error ? error.message : String(error),
          }),
      );
    },
    release: () => {
      users -= 1;
      if (users > 0) return;
      closeTimer = setTimeout(() => void close(), 0);
    },
  };
}
