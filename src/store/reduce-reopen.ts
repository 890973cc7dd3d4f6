import { DEFAULT_SESSION_KEY } from "./constants";
import { createEntry } from "./outcomes";
import { scopeKey } from "./scope";
import type { StateTransaction } from "./transaction";
import type { QuestionStoreState } from "./types";

type Transaction = StateTransaction<QuestionStoreState>;

/**
 * Brings back an optional question this user dismissed (dismissing one is this browser's own
 * choice, so it can be undone): it waits again, as the question its pane shows, expanded.
 */
export function reducePromptReopened(tx: Transaction, promptId: string): void {
  const entry = tx.prompt(promptId);
  if (entry?.record.origin !== "async" || entry.status !== "cancelled" || entry.answeredElsewhere)
    return;
  const { record } = entry;
  tx.setPrompt(createEntry({ ...record, status: "pending" }));
  tx.setSession(scopeKey({ sessionKey: record.sessionKey ?? DEFAULT_SESSION_KEY }), {
    activePromptId: promptId,
    expanded: true,
  });
}
