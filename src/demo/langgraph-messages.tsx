import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { useEffect, useRef } from "react";
import {
  AnswerSummary,
  type TimelineItem,
  usePromptState,
  useTimelineItems,
  useWaitingPrompts,
} from "./kit";
import type { PromptPlaces } from "./langgraph-thread";

/** A prompt of the chat: ended (with its summary) or still waiting in the dock. */
type PromptLine = { promptId: string; createdAtMs: number; ended: TimelineItem | null };

const MAX_SHOWN_ARGS = 300;

/** A message's text: a string, or its text blocks joined (the stream sends AI text as blocks). */
const textOf = (message: BaseMessage): string => message.text;

const argsText = (args: unknown): string => {
  const text = JSON.stringify(args) ?? "";
  return text.length > MAX_SHOWN_ARGS ? `${text.slice(0, MAX_SHOWN_ARGS)}…` : text;
};

/** Each message's prompts, oldest first; the prompts no message is known for, on their own. */
function promptsByMessage(
  places: PromptPlaces,
  ended: TimelineItem[],
  waitingIds: { id: string; createdAtMs: number }[],
): { placed: Map<string, PromptLine[]>; loose: PromptLine[] } {
  const lines: PromptLine[] = [
    ...ended.map((item) => ({
      promptId: item.promptId,
      createdAtMs: item.createdAtMs,
      ended: item,
    })),
    ...waitingIds
      .filter((waiting) => !ended.some((item) => item.promptId === waiting.id))
      .map((waiting) => ({ promptId: waiting.id, createdAtMs: waiting.createdAtMs, ended: null })),
  ].sort((left, right) => left.createdAtMs - right.createdAtMs);
  const placed = new Map<string, PromptLine[]>();
  const loose: PromptLine[] = [];
  for (const line of lines) {
    const messageId = places[line.promptId];
    if (messageId === undefined) {
      loose.push(line);
      continue;
    }
    placed.set(messageId, [...(placed.get(messageId) ?? []), line]);
  }
  return { placed, loose };
}

/** The thread's messages, each call's prompt (its summary once it ended), and the results. */
export function ThreadMessages({
  messages,
  places,
  thinking,
}: {
  messages: BaseMessage[];
  places: PromptPlaces;
  thinking: boolean;
}) {
  const ended = useTimelineItems();
  const waiting = useWaitingPrompts();
  const { placed, loose } = promptsByMessage(
    places,
    ended,
    waiting.map((entry) => ({ id: entry.id, createdAtMs: entry.record.createdAtMs })),
  );
  const results = new Map<string, CallResult>(
    messages
      .filter((message) => ToolMessage.isInstance(message))
      .map((result) => [
        result.tool_call_id,
        { text: textOf(result), failed: result.status === "error" },
      ]),
  );
  const called = new Set(
    messages.flatMap((message) =>
      AIMessage.isInstance(message) ? (message.tool_calls ?? []).map((call) => call.id) : [],
    ),
  );
  const endRef = useRef<HTMLDivElement>(null);
  const progress = messages.length + ended.length + waiting.length;

  useEffect(() => {
    if (progress > 0) endRef.current?.scrollIntoView({ block: "end" });
  }, [progress]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard so it can be scrolled (axe scrollable-region-focusable).
    <section className="demo-timeline" aria-label="Timeline" tabIndex={0}>
      {messages.length === 0 && loose.length === 0 ? (
        <p className="demo-timeline__empty">
          Pick a prompt above: the scripted model makes the calls it names, and what waits for you
          docks above the composer.
        </p>
      ) : (
        messages.map((message, index) => {
          const prompts = message.id === undefined ? [] : (placed.get(message.id) ?? []);
          const waits = prompts.some((line) => line.ended === null);
          return (
            <ThreadMessage
              key={message.id ?? `index-${index}`}
              message={message}
              prompts={prompts}
              results={results}
              called={called}
              settled={!thinking && !waits && index < messages.length - 1}
            />
          );
        })
      )}
      {loose.map((line) => (
        <article key={line.promptId} className="demo-turn" aria-label="Question">
          <h2 className="demo-turn__title">Question</h2>
          <PromptItem line={line} />
        </article>
      ))}
      {thinking ? (
        <p className="demo-turn__status" role="status">
          The agent is running…
        </p>
      ) : null}
      <div ref={endRef} />
    </section>
  );
}

/** What became of one call: the result the agent received, or nothing yet. */
type CallResult = { text: string; failed: boolean } | null;

function ThreadMessage({
  message,
  prompts,
  results,
  called,
  settled,
}: {
  message: BaseMessage;
  prompts: PromptLine[];
  results: ReadonlyMap<string, CallResult>;
  /** The ids of every call the thread's messages made. */
  called: ReadonlySet<string | undefined>;
  /** The run went past this message: a call without a result did not run. */
  settled: boolean;
}) {
  if (ToolMessage.isInstance(message)) {
    // A result of a call of an earlier message shows there; one on its own shows here.
    if (called.has(message.tool_call_id)) return null;
    return (
      <article className="demo-turn" aria-label={`Result of ${message.name ?? "a call"}`}>
        <CallResultLine
          name={message.name ?? "call"}
          result={{ text: textOf(message), failed: message.status === "error" }}
          settled
        />
      </article>
    );
  }
  if (AIMessage.isInstance(message)) {
    const text = textOf(message);
    const calls = message.tool_calls ?? [];
    return (
      <article className="demo-turn" aria-label="Agent's message">
        <h2 className="demo-turn__title">Agent</h2>
        {text === "" ? null : (
          <p className="demo-turn__message demo-turn__message--agent">{text}</p>
        )}
        {calls.map((toolCall, index) => (
          <p key={toolCall.id ?? index} className="demo-turn__status">
            Calls <code>{toolCall.name}</code>
            {toolCall.name === "ask_user" ? null : <code> {argsText(toolCall.args)}</code>}
          </p>
        ))}
        {prompts.map((line) => (
          <PromptItem key={line.promptId} line={line} />
        ))}
        {calls.map((toolCall, index) => (
          <CallResultLine
            key={toolCall.id ?? index}
            name={toolCall.name}
            result={toolCall.id === undefined ? null : (results.get(toolCall.id) ?? null)}
            settled={settled}
          />
        ))}
      </article>
    );
  }
  return (
    <article className="demo-turn demo-turn--user" aria-label="Your message">
      <UserText text={textOf(message)} />
    </article>
  );
}

/** What the agent received for a call; once the run moved on without one, that it did not run. */
function CallResultLine({
  name,
  result,
  settled,
}: {
  name: string;
  result: CallResult;
  settled: boolean;
}) {
  if (result === null) {
    return settled ? (
      <p className="demo-turn__error">
        <code>{name}</code> did not run: no result came back.
      </p>
    ) : null;
  }
  return (
    <p className={result.failed ? "demo-turn__error" : "demo-turn__message"}>
      <code>{name}</code> {result.failed ? "was not run: " : "returned: "}
      <code>{result.text}</code>
    </p>
  );
}

/** A human message; the scripted model's `/call` lines show their names, the JSON on demand. */
function UserText({ text }: { text: string }) {
  if (!text.trimStart().startsWith("/call")) return <p className="demo-turn__message">{text}</p>;
  return (
    <div className="demo-turn__message">
      {text.split(";;").map((part, index) => {
        const [, name = "", json = ""] = /^\s*\/call\s+(\S+)\s*([\s\S]*)$/.exec(part) ?? [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a sent message never change.
          <details key={index} className="demo-langgraph__call">
            <summary>
              <code>/call {name}</code>
            </summary>
            <code>{json}</code>
          </details>
        );
      })}
    </div>
  );
}

/** The summary once the prompt ended; while it waits in the dock, a line that says so. */
function PromptItem({ line }: { line: PromptLine }) {
  if (line.ended !== null) return <AnswerSummary entry={line.ended.entry} />;
  return <PromptWaiting promptId={line.promptId} />;
}

function PromptWaiting({ promptId }: { promptId: string }) {
  const { outcome, delivery } = usePromptState(promptId);
  if (outcome !== "waiting") return null;
  return (
    <p className="demo-turn__waiting">
      {delivery === "idle" ? "Waiting for your answer…" : "Sending your answer…"}
    </p>
  );
}
