import { selectQuestionDraft } from "../../store/selectors-drafts";
import { usePromptId } from "../prompt-context";
import { useQuestionStoreShallow } from "../use-question-store";

const NO_LABELS: readonly string[] = [];

/** The labels chosen for a question (shallow-compared, so unrelated updates do not re-render). */
export function useSelectedLabels(questionId: string): readonly string[] {
  const promptId = usePromptId();
  return useQuestionStoreShallow(
    (state) => selectQuestionDraft(state, promptId, questionId)?.selected ?? NO_LABELS,
  );
}
