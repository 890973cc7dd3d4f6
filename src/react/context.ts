import { createContext, useContext } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { QuestionStore, SessionScope } from "../store/types";
import { type Dictionary, en } from "./i18n/en";

/** What the provider shares with every part. */
export type QuestionsContextValue = {
  store: StoreApi<QuestionStore>;
  scope: SessionScope;
  dictionary: Dictionary;
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

/** The active dictionary; English outside a provider (for `AnswerSummary`). */
export function useDictionary(): Dictionary {
  return useContext(QuestionsContext)?.dictionary ?? en;
}
