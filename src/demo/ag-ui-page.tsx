import type { ReactNode } from "react";
import { useState } from "react";
import { AgUiChat } from "./ag-ui-chat";
import { AG_UI_RUN_PATH, currentThreadId, startNewThread } from "./ag-ui-thread";
import { dictionaryOf } from "./appearance";
import { AppearanceControls, useAppearance } from "./appearance-controls";

/** The page with an AG-UI `HttpAgent`: the start server's `/ag-ui/run` runs a scripted agent. */
export function AgUiPage({ stackSwitch }: { stackSwitch: ReactNode }) {
  const [appearance, setAppearance] = useAppearance();
  // A new thread mounts the chat afresh: a new agent and a new question store.
  const [threadId, setThreadId] = useState(currentThreadId);
  return (
    <div className="demo">
      <header className="demo-header">
        <h1>ask-user-kit demo</h1>
        <span className="demo-header__mode">AG-UI · scripted agent</span>
        <span className="demo-header__spacer" />
        {stackSwitch}
        <AppearanceControls appearance={appearance} onChange={setAppearance} />
      </header>
      <div className="demo-body demo-body--single">
        <main className="demo-chat" aria-label="Chat" data-thread-id={threadId}>
          <h2 className="demo-chat__title">
            AG-UI chat <span className="demo-chat__key">HttpAgent · {AG_UI_RUN_PATH}</span>
          </h2>
          <AgUiChat
            key={threadId}
            threadId={threadId}
            dictionary={dictionaryOf(appearance.language)}
            onNewChat={() => setThreadId(startNewThread(threadId))}
          />
        </main>
      </div>
    </div>
  );
}
