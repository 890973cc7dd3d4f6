import { type PromptState, promptStateOf } from "../store/prompt-state";
import { usePromptId } from "./prompt-context";
import { useQuestionStore } from "./use-question-store";

/** The state of a prompt (default: the one of the part it is used in): `outcome`, `delivery` and the `status` word. */
export function usePromptState(promptId?: string): PromptState {
  const id = usePromptId(promptId);
  return useQuestionStore((state) => promptStateOf(state.prompts.get(id)));
}
