import { selectTimelineItems } from "../store/selectors-timeline";
import type { TimelineItem } from "../store/types";
import { useQuestionsContext } from "./context";
import { useQuestionStore } from "./use-question-store";

/** Ended prompts of this pane, oldest first, for the host's timeline (place each by its `runId`). */
export function useTimelineItems(): TimelineItem[] {
  const { scope } = useQuestionsContext();
  return useQuestionStore((state) => selectTimelineItems(state, scope));
}
