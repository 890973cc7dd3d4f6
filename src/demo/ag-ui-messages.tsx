import type { Message, ToolCall } from "@ag-ui/client";
import { useEffect, useRef } from "react";
import { ASK_USER_TOOL_NAME } from "../ag-ui/index";
import type { PromptPlaces } from "./ag-ui-thread";
import { AnswerSummary, type TimelineItem, usePromptState, useTimelineItems } from "./kit";

const textOf = (message: Message): string => {
  const content = message.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => ("text" in part ? part.text : "")).join("");
};

const askUserCalls = (message: Message): ToolCall[] =>
  message.role === "assistant"
    ? (message.toolCalls ?? []).filter((call) => call.function.name === ASK_USER_TOOL_NAME)
    : [];

/**
 * The thread's messages with each `ask_user` call's prompt where the call is: the dock's question
 * while it waits, its summary once it ended.
 */
export function ThreadMessages({
  messages,
  places,
  thinking,
}: {
  messages: Message[];
  places: PromptPlaces;
  thinking: boolean;
}) {
  const ended = useTimelineItems();
  const endRef = useRef<HTMLDivElement>(null);
  // A frontend call is its own prompt; an interrupt is one of its own, placed at its call.
  const promptOfCall = new Map(
    Object.entries(places).map(([promptId, callId]) => [callId, promptId]),
  );
  const endedById = new Map(ended.map((item) => [item.promptId, item]));
  const results = new Map(
    messages.flatMap((message) =>
      message.role === "tool" ? [[message.toolCallId, message.content] as const] : [],
    ),
  );
  const shown = messages.filter(
    (message) => message.role === "user" || message.role === "assistant",
  );
  const progress = messages.length + ended.length;

  useEffect(() => {
    if (progress > 0) endRef.current?.scrollIntoView({ block: "end" });
  }, [progress]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard so it can be scrolled (axe scrollable-region-focusable).
    <section className="demo-timeline" aria-label="Timeline" tabIndex={0}>
      {shown.length === 0 ? (
        <p className="demo-timeline__empty">
          Pick a prompt above: the scripted agent asks through the page's ask_user tool or ends its
          run with an interrupt, and the question docks above the composer.
        </p>
      ) : (
        shown.map((message) =>
          message.role === "user" ? (
            <article
              key={message.id}
              className="demo-turn demo-turn--user"
              aria-label="Your message"
            >
              <p className="demo-turn__message">{textOf(message)}</p>
            </article>
          ) : (
            <article key={message.id} className="demo-turn" aria-label="Agent's message">
              <h2 className="demo-turn__title">Agent</h2>
              {textOf(message) === "" ? null : (
                <p className="demo-turn__message demo-turn__message--agent">{textOf(message)}</p>
              )}
              {askUserCalls(message).map((call) => {
                const promptId = promptOfCall.get(call.id) ?? call.id;
                return (
                  <CallPrompt
                    key={call.id}
                    promptId={promptId}
                    ended={endedById.get(promptId) ?? null}
                    result={results.get(call.id)}
                  />
                );
              })}
            </article>
          ),
        )
      )}
      {thinking ? (
        <p className="demo-turn__status" role="status">
          The agent is running…
        </p>
      ) : null}
      <div ref={endRef} />
    </section>
  );
}

/**
 * A call's prompt: its summary once it ended, a line while it waits in the dock; else the result
 * the agent got (a call the kit refused, or one answered in a tab whose summaries this one lacks).
 */
function CallPrompt({
  promptId,
  ended,
  result,
}: {
  promptId: string;
  ended: TimelineItem | null;
  result: Message["content"] | undefined;
}) {
  const { outcome, delivery } = usePromptState(promptId);
  if (ended !== null) return <AnswerSummary entry={ended.entry} />;
  if (outcome === "waiting")
    return (
      <p className="demo-turn__waiting">
        {delivery === "idle" ? "Waiting for your answer…" : "Sending your answer…"}
      </p>
    );
  if (typeof result !== "string") return null;
  return <p className="demo-turn__status">ask_user returned: {result}</p>;
}
