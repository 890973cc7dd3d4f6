// The page of `npm run test:ag-ui`: a small chat on an AG-UI `HttpAgent` (`@ag-ui/client`) against
// a real CopilotKit runtime, with the kit's dock over its composer, as the README's AG-UI page.
// The query says where: `?agent=<the agent's run URL>`, and `thread=<id>` once the chat has one,
// so a reload (or a second tab on the same URL) continues the same thread. The thread's messages
// and open interrupts are kept in localStorage (shared by the tabs): an `HttpAgent` cannot load them again.
import { HttpAgent, type Interrupt, type Message } from "@ag-ui/client";
import { type FormEvent, StrictMode, useEffect, useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { askUserTool, type UnhandledAgUiInterrupt } from "../../../src/ag-ui/index";
import { useAskUserAgent } from "../../../src/ag-ui/react/index";
import {
  AnswerSummary,
  ComposerDock,
  QuestionsProvider,
  useTimelineItems,
} from "../../../src/index";
import "../../../src/react/styles.css";

const params = new URLSearchParams(location.search);
const AGENT_URL = params.get("agent") ?? "";
const TOOLS = [askUserTool()];

type SavedThread = { messages: Message[]; interrupts: Interrupt[] };

const savedKey = (threadId: string) => `ag-ui-thread:${threadId}`;

function loadThread(threadId: string): SavedThread {
  try {
    const saved = JSON.parse(
      localStorage.getItem(savedKey(threadId)) ?? "null",
    ) as SavedThread | null;
    return saved ?? { messages: [], interrupts: [] };
  } catch {
    return { messages: [], interrupts: [] };
  }
}

/** The chat's agent, on the thread the URL names (a new one otherwise), with what was saved of it. */
function createAgent(): HttpAgent {
  const threadId = params.get("thread") ?? crypto.randomUUID();
  const saved = loadThread(threadId);
  const agent = new HttpAgent({ url: AGENT_URL, threadId, initialMessages: saved.messages });
  agent.pendingInterrupts = saved.interrupts;
  const url = new URL(location.href);
  url.searchParams.set("thread", threadId);
  history.replaceState(null, "", url);
  const save = () =>
    localStorage.setItem(
      savedKey(threadId),
      JSON.stringify({ messages: agent.messages, interrupts: agent.pendingInterrupts }),
    );
  agent.subscribe({ onMessagesChanged: save, onRunFinalized: save });
  return agent;
}

/** Re-renders on each change of the agent's messages or runs. */
function useAgentVersion(agent: HttpAgent): number {
  const [counter] = useState(() => {
    let version = 0;
    const listeners = new Set<() => void>();
    const bump = () => {
      version += 1;
      for (const listener of listeners) listener();
    };
    agent.subscribe({ onMessagesChanged: bump, onRunInitialized: bump, onRunFinalized: bump });
    return {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      version: () => version,
    };
  });
  return useSyncExternalStore(counter.subscribe, counter.version);
}

function textOf(message: Message): string {
  return typeof message.content === "string" ? message.content : "";
}

function Composer({ onSend }: { onSend(text: string): void }) {
  const [text, setText] = useState("");
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    setText("");
    onSend(text);
  };
  return (
    <form aria-label="Composer" onSubmit={send}>
      <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Send</button>
    </form>
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
  const [agent] = useState(createAgent);
  useAgentVersion(agent);
  const [unhandled, setUnhandled] = useState<UnhandledAgUiInterrupt[]>([]);
  const [runError, setRunError] = useState<string | null>(null);
  const store = useAskUserAgent(agent, {
    tools: TOOLS,
    onUnhandled: (item) => setUnhandled((before) => [...before, item]),
  });
  useEffect(() => {
    const subscription = agent.subscribe({
      onRunInitialized: () => setRunError(null),
      onRunFailed: ({ error }) => setRunError(error.message),
      onRunErrorEvent: ({ event }) => setRunError(event.message),
    });
    return () => subscription.unsubscribe();
  }, [agent]);
  const send = (text: string) => {
    agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
    agent.runAgent({ tools: TOOLS }).catch(() => undefined);
  };
  return (
    <QuestionsProvider store={store} sessionKey={agent.threadId}>
      <main data-thread-id={agent.threadId} data-running={String(agent.isRunning)}>
        <h1>AG-UI chat</h1>
        <section aria-label="Chat">
          {agent.messages
            .filter((message) => textOf(message) !== "" && message.role !== "tool")
            .map((message) => (
              <p key={message.id} data-role={message.role}>
                {textOf(message)}
              </p>
            ))}
        </section>
        {unhandled.map((item) => (
          <p key={item.interrupt.id} role="status" className="unhandled-interrupt">
            Not shown ({item.reason}): {item.interrupt.message ?? item.interrupt.reason}
            <button type="button" onClick={() => item.cancel()}>
              Cancel it
            </button>
          </p>
        ))}
        {runError === null ? null : <p role="alert">The agent could not run: {runError}</p>}
        <Timeline />
        <ComposerDock replyHint={false} composer={<Composer onSend={send} />} />
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
