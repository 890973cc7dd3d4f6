import type { ConnectionState } from "../gateway/types";
import {
  selectActivePrompt,
  selectConnection,
  selectPendingPrompts,
} from "../store/selectors-prompts";
import type { PromptEntry } from "../store/types";
import { useQuestionsContext } from "./context";
import { useQuestionStore } from "./use-question-store";

/** The prompt this pane shows (the one the user chose, else the oldest waiting), or null. */
export function useActivePrompt(): PromptEntry | null {
  const { scope } = useQuestionsContext();
  return useQuestionStore((state) => selectActivePrompt(state, scope));
}

/** This pane's prompts that still wait for an answer, oldest first. */
export function useWaitingPrompts(): PromptEntry[] {
  const { scope } = useQuestionsContext();
  return useQuestionStore((state) => selectPendingPrompts(state, scope));
}

/** The gateway connection: `idle`, `connecting`, `connected`, `reconnecting` or `failed` (with its failure). */
export function useConnection(): ConnectionState {
  return useQuestionStore(selectConnection);
}
