// The README's AI SDK chat: useChat, the kit's store for it, AskUserToolPart at each call. The
// model's turns arrive as messages the run adds (`window.surface`), as a stream would add them; the
// answer goes back through addToolOutput (not sent on: the page has no route to send it to).
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { isAskUserPart } from "ask-user-kit/ai-sdk";
import { AskUserToolPart, useAskUserChat } from "ask-user-kit/ai-sdk/react";
import { ComposerDock, QuestionsProvider } from "ask-user-kit/composer";
import "ask-user-kit/style.css";
import type { Question } from "ask-user-kit/protocol";
import { useEffect, useState } from "react";
import { checksQuestion, deployQuestion, hostText, localeProps, notifyQuestion } from "../page";

const CHAT_ID = "support";

const asTool = (question: Question) => ({
  id: question.questionId,
  header: question.header,
  question: question.question,
  options: question.options,
  ...(question.multiSelect ? { multiSelect: true as const } : {}),
});

function call(id: string, questions: Question[], output?: unknown): UIMessage {
  const input = { questions: questions.map(asTool), timeoutSeconds: 900 };
  const part =
    output === undefined
      ? { type: "tool-ask_user", toolCallId: id, state: "input-available", input }
      : { type: "tool-ask_user", toolCallId: id, state: "output-available", input, output };
  return {
    id: `assistant_${id}`,
    role: "assistant",
    parts: [{ type: "text", text: "Before I go on:" }, part],
  } as UIMessage;
}

const user: UIMessage = {
  id: "user_1",
  role: "user",
  parts: [{ type: "text", text: "Deploy the build, please." }],
};

export function Host() {
  const chat = useChat({ id: CHAT_ID, transport: new DefaultChatTransport({ api: "/api/chat" }) });
  const store = useAskUserChat(chat);
  const { setMessages } = chat;
  useEffect(() => {
    window.surface = {
      one: () => setMessages([user, call("call_1", [deployQuestion])]),
      three: () =>
        setMessages([user, call("call_1", [deployQuestion, checksQuestion, notifyQuestion])]),
      // Another tab answered the call: its output arrives with the chat's messages.
      elsewhere: () =>
        setMessages([
          user,
          call("call_1", [deployQuestion], {
            status: "answered",
            answers: { answers: { deploy_target: ["Production"] } },
          }),
        ]),
    };
  }, [setMessages]);
  return (
    <QuestionsProvider store={store} sessionKey={chat.id} {...localeProps()}>
      <h1>{hostText.chat}</h1>
      {chat.messages.map((message) => (
        <div key={message.id} data-role={message.role}>
          {message.parts.map((part, index) => {
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder.
            if (part.type === "text") return <p key={index}>{part.text}</p>;
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder.
            if (isAskUserPart(part)) return <AskUserToolPart key={index} part={part} />;
            return null;
          })}
        </div>
      ))}
      <ComposerDock composer={<Composer onSend={(text) => chat.sendMessage({ text })} />} />
    </QuestionsProvider>
  );
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
