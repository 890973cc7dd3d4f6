// The URL page of `npm run test:mcp`: a host with an MCP client that takes URL elicitations
// (`{ url: true }`), connected to the server named by `?mcp=` (another origin: the SDK's own URL
// example, or the test's URL server), with `?oauth=1` signing in through the server's OAuth flow
// first (the page goes to the authorization server and comes back with a code). `?tools=` names
// the tools to offer as buttons; a tool's `UrlElicitationRequired` error is shown in the dock.

import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StrictMode, useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import {
  AnswerSummary,
  ComposerDock,
  QuestionsProvider,
  useTimelineItems,
} from "../../../src/index";
import { createMcpQuestionSource, type RefusedForm } from "../../../src/mcp/index";
import { createQuestionStore } from "../../../src/store/index";
import "../../../src/react/styles.css";

const SESSION_KEY = "links";
const here = new URLSearchParams(location.search);
// Back from the authorization server with `?code=` only: the page's own parameters were kept.
const params = new URLSearchParams(
  here.has("code") ? (sessionStorage.getItem("oauth:return") ?? "") : location.search,
);
const code = here.get("code");
const mcpUrl = new URL(params.get("mcp") ?? "/mcp", location.href);
const tools = (params.get("tools") ?? "").split(",").filter((name) => name !== "");

/** The page's own OAuth client, its state in sessionStorage so it survives the redirect. */
function sessionAuthProvider(): OAuthClientProvider {
  const redirectUrl = new URL(location.pathname, location.origin).href;
  const read = (key: string) => {
    const text = sessionStorage.getItem(`oauth:${key}`);
    return text === null ? undefined : JSON.parse(text);
  };
  const write = (key: string, value: unknown) =>
    sessionStorage.setItem(`oauth:${key}`, JSON.stringify(value));
  return {
    redirectUrl,
    clientMetadata: {
      client_name: "ask-user-kit MCP URL e2e",
      redirect_uris: [redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    clientInformation: () => read("client"),
    saveClientInformation: (info) => write("client", info),
    tokens: () => read("tokens"),
    saveTokens: (tokens) => write("tokens", tokens),
    saveCodeVerifier: (verifier) => write("verifier", verifier),
    codeVerifier: () => read("verifier") ?? "",
    redirectToAuthorization: (url) => {
      // The page leaves; it comes back with `?code=` and the other parameters it was opened with.
      sessionStorage.setItem("oauth:return", location.search);
      location.assign(url.href);
    },
  };
}

const refusals: RefusedForm[] = [];
const refusalListeners = new Set<() => void>();
let refusalSnapshot: readonly RefusedForm[] = [];
const onRefused = (form: RefusedForm) => {
  refusals.push(form);
  refusalSnapshot = [...refusals];
  for (const listener of refusalListeners) listener();
};
const subscribeRefusals = (listener: () => void) => {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
};

const client = new Client({ name: "ask-user-kit-mcp-url-e2e", version: "1.0.0" });
const source = createMcpQuestionSource(client, { sessionKey: SESSION_KEY, url: true, onRefused });
const store = createQuestionStore({ api: source, gatewayKey: "mcp-url-e2e" });
store.getState().start();

async function connect(): Promise<void> {
  const oauth = params.get("oauth") === "1" || code !== null;
  const transport = new StreamableHTTPClientTransport(
    mcpUrl,
    oauth ? { authProvider: sessionAuthProvider() } : {},
  );
  if (code !== null) {
    await transport.finishAuth(code);
    history.replaceState(
      null,
      "",
      `${location.pathname}${sessionStorage.getItem("oauth:return") ?? ""}`,
    );
  }
  await client.connect(transport);
  // For the test, which names the session to the SDK's example server (see cases-url.ts).
  document.body.dataset.mcpSession = transport.sessionId ?? "";
  document.body.dataset.mcpProtocol = transport.protocolVersion ?? "";
  document.body.dataset.mcp = "connected";
}
const connected = connect();
connected.catch((error: unknown) => {
  // Leaving for the authorization server ends the first attempt with an UnauthorizedError.
  document.body.dataset.mcpError = error instanceof Error ? error.message : String(error);
});

function Tools() {
  const [results, setResults] = useState<Array<{ tool: string; text: string }>>([]);
  const call = async (name: string) => {
    await connected;
    const text = await client.callTool({ name, arguments: { cartId: "cart-7", param1: "x" } }).then(
      (result) =>
        (Array.isArray(result.content) ? result.content : [])
          .map((part) => (part.type === "text" ? String(part.text) : ""))
          .join("\n"),
      (error: unknown) =>
        source.showUrlElicitationError(error)
          ? "shown in the dock"
          : error instanceof Error
            ? error.message
            : String(error),
    );
    setResults((before) => [...before, { tool: name, text }]);
  };
  return (
    <section aria-label="Tools">
      {tools.map((name) => (
        <button key={name} type="button" onClick={() => void call(name)}>
          {name}
        </button>
      ))}
      <ul aria-label="Tool results">
        {results.map((result, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: results only ever append
          <li key={index} data-tool={result.tool}>
            {result.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Notices() {
  const list = useSyncExternalStore(subscribeRefusals, () => refusalSnapshot);
  return (
    <>
      {list.map((form, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: notices only ever append
        <p key={index} role="status" className="refused-url">
          Not opened: {form.message} ({form.reasons.join("; ")})
        </p>
      ))}
    </>
  );
}

function Timeline() {
  const items = useTimelineItems();
  return (
    <section aria-label="Timeline">
      {items.map((item) => (
        <div key={item.promptId} data-prompt-id={item.promptId}>
          <AnswerSummary entry={item.entry} />
        </div>
      ))}
    </section>
  );
}

function App() {
  return (
    <QuestionsProvider store={store} sessionKey={SESSION_KEY}>
      <main>
        <h1>MCP URLs</h1>
        <Tools />
        <Notices />
        <Timeline />
        <ComposerDock composer={<textarea aria-label="Message" rows={2} />} />
      </main>
    </QuestionsProvider>
  );
}

const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
