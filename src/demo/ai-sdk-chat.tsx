import { useChat } from "@ai-sdk/react";
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from "ai";
import { useEffect, useState } from "react";
import { isAskUserPart } from "../ai-sdk/index";
import { useAskUserChat } from "../ai-sdk/react/index";
import { ChatMessages } from "./ai-sdk-messages";
import { CHAT_ID, loadChatMessages, saveChatMessages } from "./ai-sdk-storage";
import { ChatToolbar } from "./ai-sdk-toolbar";
import { Composer } from "./composer";
import { ComposerDock, type Dictionary, QuestionsProvider } from "./kit";
import type { ToolbarNotice } from "./scenario-toolbar";

const transport = new DefaultChatTransport({ api: "/api/chat" });

/** True while the model waits on an `ask_user` call: a new message would leave it unanswered. */
const waitsOnQuestion = (messages: UIMessage[]) =>
  messages.some((message) =>
    message.parts.some(
      (part) =>
        isAskUserPart(part) &&
        (part.state === "input-streaming" || part.state === "input-available"),
    ),
  );

/** The AI SDK chat: `useChat` with the kit's store, its questions in the dock over the composer. */
export function AiSdkChat({
  dictionary,
  onNewChat,
}: {
  dictionary: Dictionary;
  onNewChat(): void;
}) {
  const [restored] = useState(loadChatMessages);
  const chat = useChat({
    id: CHAT_ID,
    messages: restored,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const store = useAskUserChat(chat);
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);
  const busy = chat.status === "submitted" || chat.status === "streaming";

  // Kept between turns only: a reload mid-stream starts again from the last whole turn.
  useEffect(() => {
    if (!busy) saveChatMessages(chat.messages);
  }, [busy, chat.messages]);

  const send = async (text: string) => {
    const refusal = busy
      ? "The model is still answering."
      : waitsOnQuestion(chat.messages)
        ? "Answer or skip the question first: the model waits on it."
        : null;
    setNotice(refusal === null ? null : { tone: "info", text: refusal });
    if (refusal !== null) throw new Error(refusal);
    await chat.sendMessage({ text });
  };
  const error = chat.error === undefined ? null : `The chat failed: ${chat.error.message}`;

  return (
    <QuestionsProvider store={store} sessionKey={chat.id} dictionary={dictionary}>
      <ChatToolbar
        notice={error === null ? notice : { tone: "error", text: error }}
        onSend={(text) => void send(text).catch(() => undefined)}
        onNewChat={() => {
          void chat.stop();
          saveChatMessages([]);
          onNewChat();
        }}
      />
      <ChatMessages messages={chat.messages} thinking={chat.status === "submitted"} />
      <div className="demo-composer-area">
        <ComposerDock
          titleBadge
          replyHint={false}
          composer={<Composer onSend={send} answersQuestions={false} />}
        />
      </div>
    </QuestionsProvider>
  );
}
