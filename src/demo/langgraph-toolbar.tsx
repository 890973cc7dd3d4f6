import "./scenario-toolbar.css";
import type { LangGraphAgent } from "./langgraph-thread";
import { type ToolbarNotice, ToolbarNoticeLine } from "./scenario-toolbar";

/** A message the scripted model turns into calls: `/call <name> <json>`, `;;` between several. */
const call = (name: string, args: object): string => `/call ${name} ${JSON.stringify(args)}`;

const DEPLOY_QUESTIONS = {
  questions: [
    {
      id: "deploy_target",
      header: "Target",
      question: "Where should I deploy this build?",
      options: [
        { label: "Staging (Recommended)", description: "Try it where nobody depends on it." },
        { label: "Production", description: "Every user gets it at once." },
      ],
    },
    {
      id: "notify",
      header: "Notify",
      question: "Who should hear about the deploy?",
      options: [
        { label: "The team channel" },
        { label: "The on-call engineer" },
        { label: "Nobody" },
      ],
      multiSelect: true,
    },
  ],
};

const NAME_QUESTION = {
  questions: [
    {
      id: "project_name",
      header: "Name",
      question: "What should the new project be called?",
      options: [{ label: "kit-demo (Recommended)" }, { label: "my-app" }],
    },
  ],
  timeoutSeconds: 60,
};

const EMAIL = {
  to: "bob@example.com",
  subject: "Release notes for 0.3",
  body: "Hi Bob, the notes are attached. The release goes out on Friday.",
};

/** What each agent's buttons send. */
const PROMPTS: Record<LangGraphAgent, { label: string; message: string }[]> = {
  ask: [
    { label: "Ask a question", message: call("ask_user", DEPLOY_QUESTIONS) },
    { label: "60 s timeout", message: call("ask_user", NAME_QUESTION) },
    {
      label: "Two at once",
      message: `${call("ask_user", DEPLOY_QUESTIONS)};;${call("ask_user", NAME_QUESTION)}`,
    },
    { label: "Get the time", message: call("get_time", {}) },
  ],
  review: [
    {
      label: "Review an email",
      message: `${call("send_email", EMAIL)};;${call("delete_file", { path: "drafts/release-notes.md" })}`,
    },
    { label: "Delete a file", message: call("delete_file", { path: "build/cache.tar" }) },
    { label: "Get the time", message: call("get_time", {}) },
  ],
};

type LangGraphToolbarProps = {
  agent: LangGraphAgent;
  notice: ToolbarNotice | null;
  onSend(message: string): void;
  onNewThread(): void;
};

/** Buttons that send the scripted model its calls, and New thread. */
export function LangGraphToolbar({ agent, notice, onSend, onNewThread }: LangGraphToolbarProps) {
  return (
    <section className="demo-toolbar" aria-label="Chat prompts">
      <span className="demo-toolbar__label">Send:</span>
      {PROMPTS[agent].map((prompt) => (
        <button
          key={prompt.label}
          type="button"
          className="demo-button"
          title={`Sends “${prompt.message}”`}
          onClick={() => onSend(prompt.message)}
        >
          {prompt.label}
        </button>
      ))}
      <button type="button" className="demo-button" onClick={onNewThread}>
        New thread
      </button>
      <ToolbarNoticeLine notice={notice} />
    </section>
  );
}
