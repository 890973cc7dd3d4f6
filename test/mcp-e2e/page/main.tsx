// The page of `npm run test:mcp`: a host with an MCP client in the page (Streamable HTTP to the
// test server's /mcp), the kit's dock answering the server's form elicitations, and the timeline
// summaries of ended forms. `?timeout=<ms>` shortens the forms' deadline.
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
// The kit's stylesheet, as a host imports `ask-user-kit/style.css`.
import "../../../src/react/styles.css";

const SESSION_KEY = "forms";
const TOOLS = [
  "sign_up",
  "confirm_release",
  "nested_form",
  "odd_names",
  "long_form",
  "quick_cancel",
  "ship_boxes",
] as const;

const timeoutParam = Number(new URLSearchParams(location.search).get("timeout") ?? "");
const timeoutMs = Number.isFinite(timeoutParam) && timeoutParam > 0 ? timeoutParam : undefined;

/** Refused forms, as the page lists them (a tiny external store, so React re-renders). */
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

const client = new Client({ name: "ask-user-kit-mcp-e2e", version: "1.0.0" });
// Before connect: it declares the form elicitation capability.
const source = createMcpQuestionSource(client, {
  sessionKey: SESSION_KEY,
  onRefused,
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});
const store = createQuestionStore({ api: source, gatewayKey: "mcp-e2e" });
store.getState().start();
const connected = client
  .connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)))
  .then(() => {
    document.body.dataset.mcp = "connected";
  });

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

function Tools() {
  const [results, setResults] = useState<Array<{ tool: string; text: string }>>([]);
  const call = async (name: (typeof TOOLS)[number]) => {
    await connected;
    const result = await client.callTool({ name });
    const content = Array.isArray(result.content) ? result.content : [];
    const text = content.map((part) => (part.type === "text" ? String(part.text) : "")).join("\n");
    setResults((before) => [...before, { tool: name, text }]);
  };
  return (
    <section aria-label="Tools">
      {TOOLS.map((name) => (
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
        <p key={index} role="status" className="refused-form">
          This form can't be shown: {form.message} ({form.reasons.join("; ")})
        </p>
      ))}
    </>
  );
}

function Composer() {
  const [text, setText] = useState("");
  return (
    <form aria-label="Composer" onSubmit={(event) => event.preventDefault()}>
      <textarea
        aria-label="Message"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

function App() {
  return (
    <QuestionsProvider store={store} sessionKey={SESSION_KEY}>
      <main>
        <h1>MCP forms</h1>
        <Tools />
        <Notices />
        <Timeline />
        <ComposerDock composer={<Composer />} />
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
