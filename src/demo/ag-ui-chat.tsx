import type { HttpAgent } from "@ag-ui/client";
import { useEffect, useState, useSyncExternalStore } from "react";
import { askUserTool, type UnhandledAgUiInterrupt } from "../ag-ui/index";
import { useAskUserAgent } from "../ag-ui/react/index";
import { ThreadMessages } from "./ag-ui-messages";
import { type AgUiThread, openThread } from "./ag-ui-thread";
import { AgUiToolbar } from "./ag-ui-toolbar";
import { Composer } from "./composer";
import { ComposerDock, type Dictionary, QuestionsProvider, useWaitingPrompts } from "./kit";
import type { ToolbarNotice } from "./scenario-toolbar";

/** Every run offers the page's `ask_user` tool, the kit's runs on an answer too. */
const TOOLS = [askUserTool()];

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A number that changes with each change of the agent's messages or runs: a render's cue. */
function useAgentChanges(agent: HttpAgent): number {
  const [changes] = useState(() => {
    let version = 0;
    return {
      subscribe: (listener: () => void) => {
        const bump = () => {
          version += 1;
          listener();
        };
        const subscription = agent.subscribe({
          onMessagesChanged: bump,
          onRunInitialized: bump,
          onRunFinalized: bump,
        });
        return () => subscription.unsubscribe();
      },
      version: () => version,
    };
  });
  return useSyncExternalStore(changes.subscribe, changes.version);
}

/** Why the agent's last run failed, or null; a new run clears it. */
function useRunError(agent: HttpAgent): string | null {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const subscription = agent.subscribe({
      onRunInitialized: () => setError(null),
      onRunFailed: ({ error: failure }) => setError(errorText(failure)),
      onRunErrorEvent: ({ event }) => setError(event.message),
    });
    return () => subscription.unsubscribe();
  }, [agent]);
  return error;
}

/** What the page says of an interrupt the dock does not show: it cancels it, so the thread goes on. */
const unhandledText = ({ reason, issues, interrupt }: UnhandledAgUiInterrupt): string =>
  `The dock can't show the interrupt ${interrupt.id} (${
    reason === "refused" ? issues.join("; ") : `reason “${interrupt.reason}”`
  }): it is cancelled.`;

/**
 * One AG-UI thread on an `HttpAgent` with the kit's store: the agent's `ask_user` calls and
 * interrupts dock over the composer, and an answer runs the agent on.
 */
export function AgUiChat({
  threadId,
  dictionary,
  onNewChat,
}: {
  threadId: string;
  dictionary: Dictionary;
  onNewChat(): void;
}) {
  const [thread] = useState(() => openThread(threadId));
  const { agent } = thread;
  useAgentChanges(agent);
  const runError = useRunError(agent);
  const [unhandled, setUnhandled] = useState<ToolbarNotice | null>(null);
  const store = useAskUserAgent(agent, {
    tools: TOOLS,
    onUnhandled: (interrupt) => {
      setUnhandled({ tone: "error", text: unhandledText(interrupt) });
      interrupt.cancel();
    },
  });
  return (
    <QuestionsProvider store={store} sessionKey={agent.threadId} dictionary={dictionary}>
      <ThreadView
        thread={thread}
        error={
          runError === null ? unhandled : { tone: "error", text: `The run failed: ${runError}` }
        }
        onNewChat={() => {
          agent.abortRun();
          onNewChat();
        }}
      />
    </QuestionsProvider>
  );
}

type ThreadViewProps = {
  thread: AgUiThread;
  error: ToolbarNotice | null;
  onNewChat(): void;
};

/** The toolbar, the messages with each question where its call is, and the dock. */
function ThreadView({ thread, error, onNewChat }: ThreadViewProps) {
  const { agent } = thread;
  const waiting = useWaitingPrompts();
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);

  const send = async (text: string) => {
    const refusal = agent.isRunning
      ? "The agent is still running."
      : waiting.length > 0 || agent.pendingInterrupts.length > 0
        ? "Answer the question first: the agent waits on it."
        : null;
    setNotice(refusal === null ? null : { tone: "info", text: refusal });
    if (refusal !== null) throw new Error(refusal);
    agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
    // A failed run says so in the toolbar; the message stays in the thread.
    agent.runAgent({ tools: TOOLS }).catch(() => undefined);
  };

  return (
    <>
      <AgUiToolbar
        notice={error ?? notice}
        onSend={(text) => void send(text).catch(() => undefined)}
        onNewChat={onNewChat}
      />
      {/* A run that ended on a question waits for the user, not for the agent. */}
      <ThreadMessages
        messages={agent.messages}
        places={thread.places()}
        thinking={agent.isRunning && waiting.length === 0}
      />
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
