import "./langgraph.css";
import type { ReactNode } from "react";
import { useState } from "react";
import { dictionaryOf } from "./appearance";
import { AppearanceControls, useAppearance } from "./appearance-controls";
import { LangGraphChat } from "./langgraph-chat";
import { LANGGRAPH_AGENTS, type LangGraphAgent, readAgent, writeThread } from "./langgraph-thread";

/** The page with a LangGraph thread: the start server's `/langgraph` is a real LangGraph server. */
export function LangGraphPage({ stackSwitch }: { stackSwitch: ReactNode }) {
  const [appearance, setAppearance] = useAppearance();
  const [agent, setAgent] = useState(readAgent);
  // A new thread or another agent mounts the chat afresh: a new `useStream` and a new store.
  const [threadCount, setThreadCount] = useState(0);
  const about = LANGGRAPH_AGENTS.find((choice) => choice.value === agent)?.about;
  const chooseAgent = (next: LangGraphAgent) => {
    // A thread runs one graph: another agent starts another thread.
    writeThread(next, null);
    setAgent(next);
  };
  return (
    <div className="demo">
      <header className="demo-header">
        <h1>ask-user-kit demo</h1>
        <span className="demo-header__mode">LangGraph · scripted model</span>
        <span className="demo-header__spacer" />
        {stackSwitch}
        <label className="demo-appearance__field">
          <span>Agent</span>
          <select
            value={agent}
            onChange={(event) => chooseAgent(event.currentTarget.value as LangGraphAgent)}
          >
            {LANGGRAPH_AGENTS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <AppearanceControls appearance={appearance} onChange={setAppearance} />
      </header>
      <div className="demo-body demo-body--single">
        <main className="demo-chat" aria-label="Chat">
          <h2 className="demo-chat__title">
            LangGraph thread <span className="demo-chat__key">{about}</span>
          </h2>
          <LangGraphChat
            key={`${agent}:${threadCount}`}
            agent={agent}
            dictionary={dictionaryOf(appearance.language)}
            onNewThread={() => setThreadCount((count) => count + 1)}
          />
        </main>
      </div>
    </div>
  );
}
