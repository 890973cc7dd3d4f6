import { selectPrompt } from "../store/selectors-prompts";
import { useDictionary } from "./i18n/use-dictionary";
import { usePromptId } from "./prompt-context";
import { useQuestionStore } from "./use-question-store";

/**
 * The title a waiting prompt shows: "Waiting for your answer", or for an optional question (an
 * OpenClaw async one, which the agent does not wait on) "Optional question · work can continue".
 */
export function useWaitingTitle(promptId?: string): string {
  const dictionary = useDictionary();
  const id = usePromptId(promptId);
  const optional = useQuestionStore((state) => selectPrompt(state, id)?.record.origin === "async");
  return optional ? dictionary.questionRegionAsync : dictionary.waitingForAnswer;
}
