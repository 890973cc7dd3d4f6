import type { QuestionAction } from "./actions";
import type { QuestionSource } from "./question-source";
import type { QuestionStoreState } from "./types";

/** What the lookup needs from the store. */
export type ResolverLookupContext = {
  api: QuestionSource;
  getState(): QuestionStoreState;
  dispatch(action: QuestionAction): void;
};

/**
 * `question.resolved` does not say who answered. For a prompt answered elsewhere the record does
 * (`resolvedBy`, e.g. "plain-text" for a chat reply), so it is read once with `question.get`: the
 * dock and the summary can then say how it was answered. A failed read changes nothing.
 */
export function createResolverLookup(context: ResolverLookupContext) {
  const asked = new Set<string>();
  return {
    /** Called once the resolution of `id` has been applied. */
    check(id: string): void {
      const entry = context.getState().prompts.get(id);
      if (entry === undefined || !entry.answeredElsewhere || asked.has(id)) return;
      if (entry.record.resolvedBy !== undefined) return;
      asked.add(id);
      context.api.get(id).then(
        (record) => {
          if (record.resolvedBy === undefined) return;
          context.dispatch({
            type: "resolver-learned",
            id,
            createdAtMs: record.createdAtMs,
            resolvedBy: record.resolvedBy,
          });
        },
        () => undefined,
      );
    },
  };
}
