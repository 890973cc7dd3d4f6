import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { useStream } from "@langchain/react";
import { useEffect, useState } from "react";
import {
  DEFAULT_REVIEW_WORDS,
  REVIEW_WORDS_AR,
  REVIEW_WORDS_DE,
  REVIEW_WORDS_JA,
  type ReviewWords,
  type UnhandledInterrupt,
} from "../langgraph/index";
import { useAskUserStream } from "../langgraph/react/index";
import { Composer } from "./composer";
import { ComposerDock, type Dictionary, QuestionsProvider, useWaitingPrompts } from "./kit";
import { ThreadMessages } from "./langgraph-messages";
import {
  type LangGraphAgent,
  langGraphApiUrl,
  loadPlaces,
  type PromptPlaces,
  readThread,
  savePlaces,
  writeThread,
} from "./langgraph-thread";
import { LangGraphToolbar } from "./langgraph-toolbar";
import type { ToolbarNotice } from "./scenario-toolbar";

/** What the page tells of an interrupt the dock leaves to it. */
const unhandledText = ({ reason, issues }: UnhandledInterrupt): string =>
  reason === "refused"
    ? `The dock can't show this interrupt: ${issues.join("; ")}`
    : "The run waits on an interrupt the dock does not read.";

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : String(error);

/** Why the LangGraph server cannot be reached, or null once it answers (or while it is asked). */
function useServerProblem(): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const report = (text: string) => {
      if (current) setProblem(`Could not reach the LangGraph server: ${text}`);
    };
    fetch(`${langGraphApiUrl()}/ok`)
      .then(async (response) => {
        if (response.ok) return;
        const body: unknown = await response.json().catch(() => null);
        const said =
          typeof body === "object" && body !== null && "error" in body ? String(body.error) : null;
        report(said ?? `HTTP ${response.status}`);
      })
      .catch((error: unknown) => report(errorText(error)));
    return () => {
      current = false;
    };
  }, []);
  return problem;
}

/**
 * The message whose calls a waiting prompt pauses on: the last one of this turn with a call still
 * without a result (an interrupt can show before the message that made the call does).
 */
const lastCaller = (messages: BaseMessage[]): string | null => {
  const answered = new Set(
    messages
      .filter((message) => ToolMessage.isInstance(message))
      .map((result) => result.tool_call_id),
  );
  // Only this turn's: a call of an earlier turn that never got a result waits on nothing now.
  const turn = messages.slice(messages.findLastIndex((message) => message.type === "human") + 1);
  const caller = turn.findLast(
    (message) =>
      AIMessage.isInstance(message) &&
      (message.tool_calls ?? []).some((call) => call.id !== undefined && !answered.has(call.id)),
  );
  return caller?.id ?? null;
};

/**
 * One LangGraph thread on `useStream` (its id in the URL, so a reload re-attaches) with the
 * kit's store: its `ask_user` calls and review interrupts dock over the composer.
 */
const REVIEW_WORDS: Record<string, ReviewWords> = {
  de: REVIEW_WORDS_DE,
  ja: REVIEW_WORDS_JA,
  ar: REVIEW_WORDS_AR,
};

export function LangGraphChat({
  agent,
  dictionary,
  onNewThread,
}: {
  agent: LangGraphAgent;
  dictionary: Dictionary;
  onNewThread(): void;
}) {
  const [threadId, setThreadId] = useState(readThread);
  const [unhandled, setUnhandled] = useState<ToolbarNotice | null>(null);
  const stream = useStream({
    assistantId: agent,
    apiUrl: langGraphApiUrl(),
    threadId,
    onThreadId: (id) => {
      writeThread(agent, id);
      setThreadId(id);
    },
  });
  const serverProblem = useServerProblem();
  const store = useAskUserStream(stream, {
    // Read when a review docks: a thread's store keeps the words it started with.
    reviewWords: REVIEW_WORDS[dictionary.locale] ?? DEFAULT_REVIEW_WORDS,
    onUnhandled: (interrupt) => setUnhandled({ tone: "error", text: unhandledText(interrupt) }),
  });
  return (
    <QuestionsProvider store={store} sessionKey={stream.threadId ?? ""} dictionary={dictionary}>
      <ThreadView
        agent={agent}
        threadId={stream.threadId}
        messages={stream.messages}
        busy={stream.isLoading || stream.isThreadLoading}
        error={
          serverProblem ??
          (stream.error === undefined ? null : `The run failed: ${errorText(stream.error)}`)
        }
        notice={unhandled}
        onSend={async (text) => {
          await stream.submit({ messages: [{ type: "human", content: text }] });
        }}
        onNewThread={() => {
          void stream.disconnect();
          writeThread(agent, null);
          onNewThread();
        }}
      />
    </QuestionsProvider>
  );
}

type ThreadViewProps = {
  agent: LangGraphAgent;
  threadId: string | null;
  messages: BaseMessage[];
  busy: boolean;
  error: string | null;
  notice: ToolbarNotice | null;
  onSend(text: string): Promise<void>;
  onNewThread(): void;
};

/** The toolbar, the messages with each prompt where its call is, and the dock. */
function ThreadView({
  agent,
  threadId,
  messages,
  busy,
  error,
  notice: unhandled,
  onSend,
  onNewThread,
}: ThreadViewProps) {
  const waiting = useWaitingPrompts();
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);
  const [places, setPlaces] = useState<PromptPlaces>(() =>
    threadId === null ? {} : loadPlaces(threadId),
  );

  // A prompt belongs to the calls it paused the run on: learnt while it waits, kept for the
  // summary (a reload re-learns the waiting ones and reads the ended ones from the tab).
  const caller = lastCaller(messages);
  useEffect(() => {
    if (threadId === null || caller === null) return;
    const kept = loadPlaces(threadId);
    const fresh = waiting.filter((entry) => kept[entry.id] === undefined);
    const next =
      fresh.length === 0
        ? kept
        : { ...kept, ...Object.fromEntries(fresh.map((entry) => [entry.id, caller])) };
    if (fresh.length > 0) savePlaces(threadId, next);
    setPlaces((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
  }, [threadId, caller, waiting]);

  const send = async (text: string) => {
    const refusal = busy
      ? "The agent is still running."
      : waiting.length > 0
        ? "Answer the prompt first: the run waits on it."
        : null;
    setNotice(refusal === null ? null : { tone: "info", text: refusal });
    if (refusal !== null) throw new Error(refusal);
    try {
      await onSend(text);
    } catch (cause) {
      setNotice({ tone: "error", text: `Could not send: ${errorText(cause)}` });
      throw cause;
    }
  };
  const failure = error === null ? null : ({ tone: "error", text: error } as const);

  return (
    <>
      <LangGraphToolbar
        agent={agent}
        notice={failure ?? unhandled ?? notice}
        onSend={(text) => void send(text).catch(() => undefined)}
        onNewThread={onNewThread}
      />
      {/* A run paused on a prompt waits for the user, whatever the stream says a moment longer. */}
      <ThreadMessages messages={messages} places={places} thinking={busy && waiting.length === 0} />
      <div className="demo-composer-area">
        <ComposerDock
          titleBadge
          replyHint={false}
          composer={<Composer onSend={send} answersQuestions={false} />}
        />
      </div>
    </>
  );
}
