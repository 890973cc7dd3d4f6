import type { ReactNode } from "react";
import { useState } from "react";
import { AiSdkChat } from "./ai-sdk-chat";
import { CHAT_ID } from "./ai-sdk-storage";
import { dictionaryOf } from "./appearance";
import { AppearanceControls, useAppearance } from "./appearance-controls";

/** The page with a Vercel AI SDK chat: the start server's `/api/chat` runs a scripted model. */
export function AiSdkPage({ stackSwitch }: { stackSwitch: ReactNode }) {
  const [appearance, setAppearance] = useAppearance();
  // New chat mounts the chat afresh: a new `useChat` and a new question store.
  const [chatCount, setChatCount] = useState(0);
  return (
    <div className="demo">
      <header className="demo-header">
        <h1>ask-user-kit demo</h1>
        <span className="demo-header__mode">Vercel AI SDK · scripted model</span>
        <span className="demo-header__spacer" />
        {stackSwitch}
        <AppearanceControls appearance={appearance} onChange={setAppearance} />
      </header>
      <div className="demo-body demo-body--single">
        <main className="demo-chat" aria-label="Chat">
          <h2 className="demo-chat__title">
            AI SDK chat <span className="demo-chat__key">{CHAT_ID}</span>
          </h2>
          <AiSdkChat
            key={chatCount}
            dictionary={dictionaryOf(appearance.language)}
            onNewChat={() => setChatCount((count) => count + 1)}
          />
        </main>
      </div>
    </div>
  );
}
