import { type PromptEntry, recordMatchesScope, useQuestionStoreShallow } from "./kit";

/** Every prompt of the session the store knows, in order of arrival. */
export function useSessionPrompts(sessionKey: string): PromptEntry[] {
  return useQuestionStoreShallow((state) =>
    state.order
      .map((id) => state.prompts.get(id))
      .filter(
        (entry): entry is PromptEntry =>
          entry !== undefined && recordMatchesScope(entry.record, { sessionKey }),
      ),
  );
}
