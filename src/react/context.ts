import { createContext, useContext } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { QuestionStore, SessionScope } from "../store/types";
import type { PageStrings } from "./i18n/en";
import { enPage } from "./i18n/en-page";

/** What the provider shares with every part. */
export type QuestionsContextValue = {
  store: StoreApi<QuestionStore>;
  scope: SessionScope;
  /**
   * The provider's strings, typed as the page's alone: the panel's may be missing here (they load
   * with the panel); `useDictionary()` completes them with English.
   */
  dictionary: PageStrings;
};

/** Set by `<QuestionsProvider>`; `null` outside it. */
export const QuestionsContext = /* @__PURE__ */ createContext<QuestionsContextValue | null>(null);

/** The provider's value; throws outside `<QuestionsProvider>`. */
export function useQuestionsContext(): QuestionsContextValue {
  const value = useContext(QuestionsContext);
  if (value === null) {
    throw new Error("ask-user-kit: this component must be rendered inside <QuestionsProvider>.");
  }
  return value;
}

/** The session pane this provider shows. */
export function useSessionScope(): SessionScope {
  return useQuestionsContext().scope;
}

/**
 * The provider's strings as far as a page shows them without the question panel; English outside
 * a provider (for `AnswerSummary`).
 */
export function usePageDictionary(): PageStrings {
  return useContext(QuestionsContext)?.dictionary ?? enPage;
}
