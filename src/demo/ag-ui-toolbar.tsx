import "./scenario-toolbar.css";
import { type ToolbarNotice, ToolbarNoticeLine } from "./scenario-toolbar";

/** What the buttons send: the words the scripted agent answers with a question. */
const AGENT_PROMPTS = [
  { label: "Deploy", message: "Deploy", asks: "calls the page's ask_user tool" },
  {
    label: "Release notes",
    message: "Write the release notes",
    asks: "ends its run with an ask_user interrupt",
  },
] as const;

type AgUiToolbarProps = {
  notice: ToolbarNotice | null;
  onSend(message: string): void;
  onNewChat(): void;
};

/** Buttons that send the scripted agent its prompts, and New chat. */
export function AgUiToolbar({ notice, onSend, onNewChat }: AgUiToolbarProps) {
  return (
    <section className="demo-toolbar" aria-label="Chat prompts">
      <span className="demo-toolbar__label">Send:</span>
      {AGENT_PROMPTS.map((prompt) => (
        <button
          key={prompt.message}
          type="button"
          className="demo-button"
          title={`Sends “${prompt.message}”: the agent ${prompt.asks}`}
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
