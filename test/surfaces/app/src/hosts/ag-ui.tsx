// The README's AG-UI page: an HttpAgent on the thread in the URL, its messages and open interrupts
// kept in localStorage, and useAskUserAgent's store in the provider. Its server is the script of
// ag-ui-server.ts (the agent's `fetch`); the run sends the user's message through `window.surface`
// after telling the script what the agent asks. A second tab on the same URL holds the same thread.
import { HttpAgent, type Interrupt, type Message } from "@ag-ui/client";
import { askUserTool } from "ask-user-kit/ag-ui";
import { useAskUserAgent } from "ask-user-kit/ag-ui/react";
import {
  AnswerSummary,
  ComposerDock,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit/composer";
import "ask-user-kit/style.css";
import { useEffect, useReducer, useState } from "react";
import { checksQuestion, deployQuestion, hostText, localeProps, notifyQuestion } from "../page";
import { type Asking, createScriptedServer } from "./ag-ui-server";

const TOOLS = [askUserTool()];
const server = createScriptedServer();
/** An interrupt's `expiresAt`, this long after the server sent it. */
const SHORT_LIFE_MS = 1_500;

type Saved = { messages?: Message[]; interrupts?: Interrupt[] };

function createAgent(): HttpAgent {
  // The case's own parameters stay in the URL beside the thread.
  const params = new URLSearchParams(window.location.search);
  const threadId = params.get("thread") ?? crypto.randomUUID();
  params.set("thread", threadId);
  window.history.replaceState(null, "", `?${params}`);
  const key = `chat:${threadId}`;
  const saved = JSON.parse(localStorage.getItem(key) ?? "{}") as Saved;
  const agent = new HttpAgent({
    url: "/api/copilotkit/agent/default/run",
    threadId,
    initialMessages: saved.messages ?? [],
    fetch: server.fetch,
  });
  // An HttpAgent cannot load a thread again: what it holds is kept here, shared by the tabs.
  agent.pendingInterrupts = saved.interrupts ?? [];
  const save = () =>
    localStorage.setItem(
      key,
      JSON.stringify({ messages: agent.messages, interrupts: agent.pendingInterrupts }),
    );
  agent.subscribe({ onMessagesChanged: save, onRunFinalized: save });
  return agent;
}

/** The user's message, and the agent's run on it (a failure is said by onRunFailed). */
function send(agent: HttpAgent, text: string): void {
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
  agent.runAgent({ tools: TOOLS }).catch(() => undefined);
}

export function Host() {
  const [agent] = useState(createAgent);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const { unsubscribe } = agent.subscribe({
      onMessagesChanged: rerender,
      onRunInitialized: () => setProblem(null),
      onRunFailed: ({ error }) => setProblem(error.message),
    });
    return unsubscribe;
  }, [agent]);
  const store = useAskUserAgent(agent, { tools: TOOLS });
  useEffect(() => {
    const asks =
      (asked: Asking, text = "Deploy the build, please.") =>
      () => {
        server.ask(asked);
        send(agent, text);
      };
    const one = [deployQuestion];
    window.surface = {
      one: asks({ kind: "interrupt", questions: one }),
      three: asks({
        kind: "interrupt",
        questions: [deployQuestion, checksQuestion, notifyQuestion],
      }),
      hanging: () => {
        server.holdAnswers();
        asks({ kind: "interrupt", questions: one })();
      },
      shortLived: asks({ kind: "interrupt", questions: one, expiresInMs: SHORT_LIFE_MS }),
      toolCall: asks({ kind: "call", questions: one }),
      form: asks({ kind: "form" }, "Send the report, please."),
    };
  }, [agent]);
  return (
    <QuestionsProvider store={store} sessionKey={agent.threadId} {...localeProps()}>
      <h1>{hostText.chat}</h1>
      {agent.messages.map((message) =>
        typeof message.content === "string" && message.role !== "tool" ? (
          <p key={message.id} data-role={message.role}>
            {message.content}
          </p>
        ) : null,
      )}
      {problem && <p role="alert">The agent could not run: {problem}</p>}
      <Summaries />
      <ComposerDock composer={<Composer onSend={(text) => send(agent, text)} />} />
    </QuestionsProvider>
  );
}

function Summaries() {
  const items = useTimelineItems();
  return items.map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}

function Composer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === "") return;
        onSend(text);
        setText("");
      }}
    >
      <input
        aria-label={hostText.message}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">{hostText.send}</button>
    </form>
  );
}
