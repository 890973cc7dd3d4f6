import { type RefObject, useLayoutEffect, useRef } from "react";
import { AnswerSummary, type PromptEntry, promptStateOf, type QuestionRecord } from "./kit";
import type { AgentTurn, TurnMessage } from "./shared/turns";
import { useAfterPaint } from "./use-after-paint";
import { useSessionPrompts } from "./use-session-prompts";

type TimelineItem =
  | { kind: "message"; atMs: number; message: TurnMessage }
  | { kind: "question"; atMs: number; prompt: PromptEntry }
  | { kind: "ended"; atMs: number; record: QuestionRecord };

type TurnGroup = {
  runId: string;
  title: string;
  startedAtMs: number;
  items: TimelineItem[];
  statusLine?: string | undefined;
  error?: string | undefined;
};

const groupTurns = (turns: AgentTurn[], prompts: PromptEntry[]): TurnGroup[] => {
  const groups = new Map<string, TurnGroup>();
  for (const turn of turns) {
    groups.set(turn.runId, {
      runId: turn.runId,
      title: turn.title,
      startedAtMs: turn.startedAtMs,
      items: turn.messages.map((message) => ({ kind: "message", atMs: message.atMs, message })),
      statusLine: turn.statusLine,
      error: turn.error,
    });
  }
  // The history tells how a question ended when this page kept no prompt of it (another device).
  const kept = new Set(prompts.map((prompt) => prompt.record.id));
  for (const turn of turns) {
    for (const record of turn.endedQuestions ?? []) {
      if (kept.has(record.id)) continue;
      groups.get(turn.runId)?.items.push({ kind: "ended", atMs: record.createdAtMs, record });
    }
  }
  for (const prompt of prompts) {
    const runId = prompt.record.runId ?? `question ${prompt.record.id}`;
    const group = groups.get(runId) ?? {
      runId,
      title: "Another agent turn",
      startedAtMs: prompt.record.createdAtMs,
      items: [],
    };
    group.items.push({ kind: "question", atMs: prompt.record.createdAtMs, prompt });
    groups.set(runId, group);
  }
  const sorted = [...groups.values()].sort((left, right) => left.startedAtMs - right.startedAtMs);
  for (const group of sorted) group.items.sort((left, right) => left.atMs - right.atMs);
  return sorted;
};

/**
 * Calls `scroll` when `count` changes, in the frame that lays the new item out, after its layout:
 * reading that layout then forces none (a resize observer's first callback comes after the layout,
 * before the paint).
 */
function useScrolledToEnd(end: RefObject<HTMLElement | null>, count: number, scroll: () => void) {
  const scrollNow = useRef(scroll);
  scrollNow.current = scroll;
  useLayoutEffect(() => {
    const element = end.current;
    if (count === 0 || element === null) return;
    if (typeof ResizeObserver !== "function") {
      scrollNow.current();
      return;
    }
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      scrollNow.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [end, count]);
}

/** Agent turns grouped by runId, with each question's summary placed in the turn that asked. */
export function Timeline({ sessionKey, turns }: { sessionKey: string; turns: AgentTurn[] }) {
  // A question's line comes once the dock's frame has painted: the dock is what the user waits
  // for, and a page's first turn (its first `<details>` among them) costs that frame most.
  const prompts = useAfterPaint(useSessionPrompts(sessionKey));
  const groups = groupTurns(turns, prompts);
  const sectionRef = useRef<HTMLElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const itemCount = groups.reduce((count, group) => count + group.items.length, 0);

  // A message scrolls whatever holds the timeline (the page itself on a short screen) to its end.
  // A layout effect, so this observer comes before the dock's own, which scrolls the dock into
  // view after the timeline scrolled.
  useScrolledToEnd(endRef, itemCount - prompts.length, () =>
    endRef.current?.scrollIntoView({ block: "end" }),
  );
  // A question's line comes a frame after its dock, which scrolled itself into view then: the
  // line scrolls the timeline's own box only, never the page, so the dock stays where it is.
  useScrolledToEnd(endRef, prompts.length, () => {
    const section = sectionRef.current;
    if (section !== null) section.scrollTop = section.scrollHeight;
  });

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard so it can be scrolled (axe scrollable-region-focusable).
    <section ref={sectionRef} className="demo-timeline" aria-label="Timeline" tabIndex={0}>
      {groups.length === 0 ? (
        <p className="demo-timeline__empty">
          Pick a scenario above: the demo agent asks, and the question docks above the composer.
        </p>
      ) : (
        groups.map((group) => <Turn key={group.runId} group={group} />)
      )}
      <div ref={endRef} />
    </section>
  );
}

function Turn({ group }: { group: TurnGroup }) {
  const byUser = group.items.every(
    (item) => item.kind === "message" && item.message.role === "user",
  );
  if (byUser) {
    return (
      <article className="demo-turn demo-turn--user" aria-label="Your message">
        {group.items.map((item) =>
          item.kind === "message" ? (
            <p key={item.message.id} className="demo-turn__message">
              {item.message.text}
            </p>
          ) : null,
        )}
        <TurnState group={group} />
      </article>
    );
  }
  return (
    <article className="demo-turn" aria-label={`Agent turn: ${group.title}`}>
      <h2 className="demo-turn__title">{group.title}</h2>
      <details className="demo-turn__details">
        <summary>Run details</summary>
        <span className="demo-turn__run">{group.runId}</span>
      </details>
      {group.items.map((item) =>
        item.kind === "message" ? (
          <p
            key={item.message.id}
            className={`demo-turn__message demo-turn__message--${item.message.role}`}
          >
            {item.message.text}
          </p>
        ) : item.kind === "question" ? (
          <QuestionItem key={item.prompt.id} prompt={item.prompt} />
        ) : (
          <AnswerSummary key={item.record.id} record={item.record} />
        ),
      )}
      <TurnState group={group} />
    </article>
  );
}

/** What the run is doing, or why it ended without a reply. */
function TurnState({ group }: { group: TurnGroup }) {
  if (group.error !== undefined) {
    return <p className="demo-turn__error">{group.error}</p>;
  }
  // While the run waits on its question, the question's own line says so.
  const waiting = group.items.some(
    (item) => item.kind === "question" && promptStateOf(item.prompt).outcome === "waiting",
  );
  if (group.statusLine === undefined || waiting) return null;
  return (
    <p className="demo-turn__status" role="status">
      {group.statusLine}
    </p>
  );
}

/** Where an answer stands while it is on its way: an optional question's summary says so. */
const ON_ITS_WAY = new Set(["sending", "queued", "failed"]);

function QuestionItem({ prompt }: { prompt: PromptEntry }) {
  const state = promptStateOf(prompt);
  if (prompt.record.origin === "async" && ON_ITS_WAY.has(state.status)) {
    return <AnswerSummary entry={prompt} />;
  }
  if (state.outcome === "waiting") {
    // An optional question does not hold the run up: the agent went on working.
    return (
      <p className="demo-turn__waiting">
        {prompt.record.origin === "async"
          ? "Optional question above the message box; the agent works on."
          : "Waiting for your answer…"}
      </p>
    );
  }
  return <AnswerSummary entry={prompt} />;
}
