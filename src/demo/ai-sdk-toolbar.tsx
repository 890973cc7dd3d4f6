import "./scenario-toolbar.css";
import { type ToolbarNotice, ToolbarNoticeLine } from "./scenario-toolbar";

/** What the buttons send: the words the scripted model answers with an `ask_user` call. */
const CHAT_PROMPTS = [
  { label: "Deploy", message: "Deploy" },
  { label: "Run the checks", message: "Run the checks" },
  { label: "Set up the project", message: "Set up the project" },
  { label: "Two at once", message: "Two at once" },
  { label: "30 s timeout", message: "Quick deploy" },
] as const;

type ChatToolbarProps = {
  notice: ToolbarNotice | null;
  onSend(message: string): void;
  onNewChat(): void;
};

/** Buttons that send the scripted model its prompts, and New chat. */
export function ChatToolbar({ notice, onSend, onNewChat }: ChatToolbarProps) {
  return (
    <section className="demo-toolbar" aria-label="Chat prompts">
      <span className="demo-toolbar__label">Send:</span>
      {CHAT_PROMPTS.map((prompt) => (
        <button
          key={prompt.message}
          type="button"
          className="demo-button"
          title={`Sends “${prompt.message}”`}
          onClick={() => onSend(prompt.message)}
        >
          {prompt.label}
        </button>
      ))}
      <button type="button" className="demo-button" onClick={onNewChat}>
        New chat
      </button>
      <ToolbarNoticeLine notice={notice} />
    </section>
  );
}
