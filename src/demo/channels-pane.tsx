import "./channels.css";
import type { ChannelName } from "./channel-buttons";
import { ChannelCard } from "./channel-card";
import { useActivePrompt } from "./kit";
import { useAfterPaint } from "./use-after-paint";
import { useSessionPrompts } from "./use-session-prompts";

const CHANNELS: ChannelName[] = ["telegram", "discord", "slack", "plain-text"];

/** How the pending question looks on Telegram, Discord, Slack and plain text; answering there resolves it. */
export function ChannelsPane({ sessionKey }: { sessionKey: string }) {
  const activeId = useActivePrompt()?.id ?? null;
  // An async question lives in the chat's messages, not in the gateway's question records that
  // channels answer: channels never show it.
  const prompts = useSessionPrompts(sessionKey).filter(
    (prompt) => prompt.record.origin !== "async",
  );
  // The previews render once the dock's frame has painted: they are the page's side pane, and never
  // hold back the frame that shows the question.
  const shown = useAfterPaint(prompts.find((prompt) => prompt.id === activeId) ?? prompts.at(-1));
  return (
    <aside className="demo-channels" aria-label="Channels">
      <h2>Channels</h2>
      <p className="demo-channels__intro">
        The same question as chat channels show it. Tap a button or reply in text: the first answer
        wins everywhere.
      </p>
      {shown === undefined ? (
        <p className="demo-channels__intro">No question yet.</p>
      ) : (
        CHANNELS.map((channel) => (
          <ChannelCard
            key={`${shown.id}:${channel}`}
            channel={channel}
            record={shown.record}
            unavailable={shown.status === "unavailable"}
          />
        ))
      )}
    </aside>
  );
}
