import { useEffect, useRef } from "react";
import { AnswerSummary, type TimelineItem, usePromptState, useTimelineItems } from "./kit";
import { FORM_TOOLS, refusalText, type ToolCall } from "./mcp-calls";

type ChatItem =
  | { kind: "call"; atMs: number; call: ToolCall; summary: TimelineItem | null }
  | { kind: "form"; atMs: number; summary: TimelineItem };

/** Each call with its form's summary; a form no call of this page asked stands on its own. */
function chatItems(calls: ToolCall[], summaries: TimelineItem[]): ChatItem[] {
  const byPrompt = new Map(summaries.map((item) => [item.promptId, item]));
  const asked = new Set(calls.map((call) => call.promptId));
  const items: ChatItem[] = [
    ...calls.map((call) => ({
      kind: "call" as const,
      atMs: call.atMs,
      call,
      summary: call.promptId === null ? null : (byPrompt.get(call.promptId) ?? null),
    })),
    ...summaries
      .filter((item) => !asked.has(item.promptId))
      .map((summary) => ({ kind: "form" as const, atMs: summary.createdAtMs, summary })),
  ];
  return items.sort((left, right) => left.atMs - right.atMs);
}

/** The chat: each tool call, the kit's summary of its form, and what the server received. */
export function FormMessages({ calls }: { calls: ToolCall[] }) {
  const summaries = useTimelineItems();
  const items = chatItems(calls, summaries);
  const endRef = useRef<HTMLDivElement>(null);
  // Grows with every call, form summary and result: each scrolls the chat to its end.
  const progress =
    items.length + calls.filter((call) => call.result !== null).length + summaries.length;

  useEffect(() => {
    if (progress > 0) endRef.current?.scrollIntoView({ block: "end" });
  }, [progress]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard so it can be scrolled (axe scrollable-region-focusable).
    <section className="demo-timeline" aria-label="Timeline" tabIndex={0}>
      {items.length === 0 ? (
        <p className="demo-timeline__empty">
          Call a tool above: the MCP server asks its form through elicitation, and the form docks
          above the composer, one field at a time.
        </p>
      ) : (
        items.map((item) =>
          item.kind === "call" ? (
            <CallMessage key={item.call.id} call={item.call} summary={item.summary} />
          ) : (
            <article key={item.summary.promptId} className="demo-turn" aria-label="Form">
              <h2 className="demo-turn__title">Form</h2>
              <AnswerSummary entry={item.summary.entry} />
            </article>
          ),
        )
      )}
      <div ref={endRef} />
    </section>
  );
}

function CallMessage({ call, summary }: { call: ToolCall; summary: TimelineItem | null }) {
  const message = FORM_TOOLS.find((tool) => tool.name === call.tool)?.message;
  return (
    <article className="demo-turn" aria-label={`Tool call: ${call.tool}`}>
      <h2 className="demo-turn__title">
        MCP server <span className="demo-turn__run">{call.tool}</span>
      </h2>
      {message === undefined ? null : (
        <p className="demo-turn__message demo-turn__message--agent">{message}</p>
      )}
      {call.refused === null ? null : (
        <p className="demo-turn__error">{refusalText(call.refused)}</p>
      )}
      {summary !== null ? (
        <AnswerSummary entry={summary.entry} />
      ) : call.promptId !== null ? (
        <FormWaiting promptId={call.promptId} />
      ) : call.result === null && call.refused === null ? (
        <p className="demo-turn__waiting">Calling the tool…</p>
      ) : null}
      {call.result === null ? null : call.result.tone === "received" ? (
        <p className="demo-turn__message">
          Server received: <code>{call.result.text}</code>
        </p>
      ) : call.result.tone === "error" ? (
        <p className="demo-turn__error">The call failed: {call.result.text}</p>
      ) : (
        <p className="demo-turn__status">{call.result.text}</p>
      )}
    </article>
  );
}

/** While the form waits in the dock, a line that says so. */
function FormWaiting({ promptId }: { promptId: string }) {
  const { outcome, delivery } = usePromptState(promptId);
  if (outcome !== "waiting") return null;
  return (
    <p className="demo-turn__waiting">
      {delivery === "idle" ? "Waiting for your answer…" : "Sending your answer…"}
    </p>
  );
}
