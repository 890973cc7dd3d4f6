import { isEditable, promptStateOf } from "../store/prompt-state";
import { selectPrompt } from "../store/selectors-prompts";
import { usePromptId } from "./prompt-context";
import { useQuestionStore } from "./use-question-store";

/** False while the prompt's answer is being sent or waits to be sent: its fields are then read-only. */
export function useIsEditable(promptId?: string): boolean {
  const id = usePromptId(promptId);
  return useQuestionStore((state) => isEditable(promptStateOf(selectPrompt(state, id))));
}
