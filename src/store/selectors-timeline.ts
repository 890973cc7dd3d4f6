import { isTerminalStatus } from "./outcomes";
import { promptStateOf } from "./prompt-state";
import { scopeKey } from "./scope";
import { collectInScope, isOptionalAnswerOnItsWay, memoizeByPrompts } from "./selectors-prompts";
import type { PromptEntry, QuestionStoreState, SessionScope, TimelineItem } from "./types";

const timelineMemo = new WeakMap<QuestionStoreState["prompts"], Map<string, TimelineItem[]>>();
const itemMemo = new WeakMap<PromptEntry, TimelineItem>();

function toItem(entry: PromptEntry): TimelineItem {
  const cached = itemMemo.get(entry);
  if (cached !== undefined) return cached;
  const item: TimelineItem = {
    promptId: entry.id,
    runId: entry.record.runId ?? null,
    createdAtMs: entry.record.createdAtMs,
    outcomeAtMs: entry.outcomeAtMs,
    state: promptStateOf(entry),
    entry,
  };
  itemMemo.set(entry, item);
  return item;
}

/**
 * Ended prompts of a session (answered, skipped, expired, unavailable), and optional questions
 * whose answer is on its way (sending, queued, or refused: its summary says which and offers
 * Try again), oldest first, never evicted by time; each item keeps its identity while its prompt
 * is unchanged.
 */
export function selectTimelineItems(
  state: QuestionStoreState,
  scope: SessionScope,
): TimelineItem[] {
  return memoizeByPrompts(timelineMemo, state, scopeKey(scope), () =>
    collectInScope(
      state,
      scope,
      (entry) => isTerminalStatus(entry.status) || isOptionalAnswerOnItsWay(entry),
    ).map(toItem),
  );
}
