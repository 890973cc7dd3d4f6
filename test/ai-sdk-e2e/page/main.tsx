// The page of `npm run test:ai-sdk`: a host's chat as the AI SDK docs write it (`useChat` with
// the default transport), plus the kit's dock. It keeps the chat's messages in sessionStorage and
// hands them back to `useChat` on load, so a reload restores the chat, as a host would.
import { useChat } from "@ai-sdk/react";
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from "ai";
import { type FormEvent, StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { isAskUserPart } from "../../../src/ai-sdk/index";
import { AskUserToolPart, useAskUserChat } from "../../../src/ai-sdk/react/index";
import { ComposerDock, QuestionsProvider } from "../../../src/index";
// The kit's stylesheet, as a host imports `ask-user-kit/style.css`: a bundler drops the root
// entry's own CSS import when only some of its exports are used.
import "../../../src/react/styles.css";

/** One chat per tab: a fixed id, so a reload finds the same chat (and its deadlines). */
const CHAT_ID = "ai-sdk-e2e-chat";
const MESSAGES_KEY = `ai-sdk-e2e:messages:${CHAT_ID}`;
const TRANSPORT = new DefaultChatTransport({ api: "/api/chat" });

function storedMessages(): UIMessage[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(MESSAGES_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as UIMessage[]) : [];
  } catch {
    return [];
  }
}

function Composer({ onSend }: { onSend(text: string): void }) {
  const [text, setText] = useState("");
  const send = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === "") return;
    setText("");
    onSend(message);
  };
  return (
    <form aria-label="Composer" onSubmit={send}>
      <textarea
        aria-label="Message"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" disabled={text.trim() === ""}>
        Send
      </button>
    </form>
  );
}

function MessageView({ message }: { message: UIMessage }) {
  return (
    <article aria-label={message.role === "user" ? "User message" : "Assistant message"}>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === "text") return <p key={key}>{part.text}</p>;
        if (isAskUserPart(part))
          return (
            <div key={key} data-tool-call-id={part.toolCallId} data-tool-state={part.state}>
              <AskUserToolPart part={part} />
            </div>
          );
        return null;
      })}
    </article>
  );
}

function App() {
  const [initial] = useState(storedMessages);
  const chat = useChat({
    id: CHAT_ID,
    messages: initial,
    transport: TRANSPORT,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const store = useAskUserChat(chat);
  useEffect(() => {
    sessionStorage.setItem(MESSAGES_KEY, JSON.stringify(chat.messages));
  }, [chat.messages]);
  return (
    <QuestionsProvider store={store} sessionKey={chat.id}>
      <main>
        <h1>AI SDK chat</h1>
        <section aria-label="Chat" data-chat-status={chat.status}>
          {chat.messages.map((message) => (
            <MessageView key={message.id} message={message} />
          ))}
        </section>
        <ComposerDock composer={<Composer onSend={(text) => void chat.sendMessage({ text })} />} />
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
