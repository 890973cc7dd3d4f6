import "./scenario-toolbar.css";
import { useState } from "react";
import { NotificationSwitch, promptStateOf } from "./kit";
import { type ToolbarNotice, ToolbarNoticeLine } from "./scenario-toolbar";
import { AGENT_PROMPTS } from "./shared/agent-prompts";
import type { ChatSession } from "./use-chat-session";
import { useSessionPrompts } from "./use-session-prompts";

/** With a real agent: buttons that send the messages the scripted model asks for, and Abort run. */
export function AgentToolbar({ sessionKey, chat }: { sessionKey: string; chat: ChatSession }) {
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);
  const prompts = useSessionPrompts(sessionKey);
  const waitingRunIds = prompts
    .filter(
      (entry) => promptStateOf(entry).outcome === "waiting" && entry.record.runId !== undefined,
    )
    .map((entry) => entry.record.runId ?? "");
  const fail = (cause: unknown) =>
    setNotice({
      tone: "error",
      text: `The gateway refused it: ${cause instanceof Error ? cause.message : String(cause)}`,
    });
  const send = (message: string) => {
    setNotice(null);
    chat.send(message).catch(fail);
  };
  const abort = () => {
    setNotice(null);
    chat
      .abort(waitingRunIds)
      .then((aborted) =>
        setNotice({
          tone: "info",
          text: aborted === 0 ? "No running turn to abort." : `Aborted ${aborted} running turn(s).`,
        }),
      )
      .catch(fail);
  };
  const canAbort = chat.running || waitingRunIds.length > 0;
  return (
    <section className="demo-toolbar" aria-label="Agent prompts">
      <span className="demo-toolbar__label">Send:</span>
      {AGENT_PROMPTS.map((prompt) => (
        <button
          key={prompt.message}
          type="button"
          className="demo-button"
          title={prompt.label}
          onClick={() => send(prompt.message)}
        >
          “{prompt.message}”
        </button>
      ))}
      <button
        type="button"
        className="demo-button demo-button--danger"
        aria-disabled={!canAbort}
        onClick={() => {
          if (canAbort) abort();
          else setNotice({ tone: "info", text: "No running turn to abort." });
        }}
      >
        Abort run
      </button>
      <NotificationSwitch className="demo-notify" />
      <ToolbarNoticeLine notice={notice} />
    </section>
  );
}
