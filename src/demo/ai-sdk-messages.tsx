import type { UIMessage } from "ai";
import { useEffect, useRef } from "react";
import { type AskUserPart, isAskUserPart } from "../ai-sdk/index";
import { AskUserToolPart } from "../ai-sdk/react/index";
import { usePromptState } from "./kit";

/** The chat's messages: text parts, and the answer summary where the model called `ask_user`. */
export function ChatMessages({ messages, thinking }: { messages: UIMessage[]; thinking: boolean }) {
  const endRef = useRef<HTMLDivElement>(null);
  const partCount = messages.reduce((count, message) => count + message.parts.length, 0);

  useEffect(() => {
    if (partCount > 0) endRef.current?.scrollIntoView({ block: "end" });
  }, [partCount]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard so it can be scrolled (axe scrollable-region-focusable).
    <section className="demo-timeline" aria-label="Timeline" tabIndex={0}>
      {messages.length === 0 ? (
        <p className="demo-timeline__empty">
          Pick a prompt above: the model calls ask_user, and the question docks above the composer.
        </p>
      ) : (
        messages.map((message) => <ChatMessage key={message.id} message={message} />)
      )}
      {thinking ? (
        <p className="demo-turn__status" role="status">
          The model is thinking…
        </p>
      ) : null}
      <div ref={endRef} />
    </section>
  );
}

function ChatMessage({ message }: { message: UIMessage }) {
  const byUser = message.role === "user";
  const textClass = byUser ? "demo-turn__message" : "demo-turn__message demo-turn__message--agent";
  return (
    <article
      className={byUser ? "demo-turn demo-turn--user" : "demo-turn"}
      aria-label={byUser ? "Your message" : "Assistant's message"}
    >
      {byUser ? null : <h2 className="demo-turn__title">Assistant</h2>}
      {message.parts.map((part, index) =>
        part.type === "text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids; a message only grows at its end.
          <p key={index} className={textClass}>
            {part.text}
          </p>
        ) : isAskUserPart(part) ? (
          <AskUserItem key={part.toolCallId} part={part} />
        ) : null,
      )}
    </article>
  );
}

/** The summary once the question ended; while it waits in the dock, a line that says so. */
function AskUserItem({ part }: { part: AskUserPart }) {
  const { outcome, delivery } = usePromptState(part.toolCallId);
  if (outcome === "waiting" && delivery === "idle") {
    return <p className="demo-turn__waiting">Waiting for your answer…</p>;
  }
  return <AskUserToolPart part={part} />;
}
