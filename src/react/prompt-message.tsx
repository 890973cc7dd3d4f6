import { selectPrompt } from "../store/selectors-prompts";
import { AgentText } from "./agent-text";
import { usePromptId } from "./prompt-context";
import { useQuestionStore } from "./use-question-store";

/** A form's own message (an MCP elicitation's), above its fields; nothing for a record without one. */
export function PromptMessage() {
  const promptId = usePromptId();
  const message = useQuestionStore((state) => selectPrompt(state, promptId)?.record.message);
  if (message === undefined) return null;
  return (
    <p className="ask-prompt__message">
      <AgentText text={message} />
    </p>
  );
}
