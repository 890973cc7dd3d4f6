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

// The notification switch's context lives with the provider's, in what every host loads up front:
// `ask-user-kit/notify` reads it without pulling the lazily loaded panel (where the bell is) in.

/** Where the notification switch stands. */
export type NotifySwitchState = "on" | "open-only" | "off" | "blocked" | "unsupported";

/** What `<NotificationAnswers>` (`ask-user-kit/notify`) gives the dock's switch. */
export type NotifySwitchValue = {
  state: NotifySwitchState;
  /** Turns notifications on (asking the browser's permission: call it in a click) or off. */
  toggle(): void;
  label: string;
  /** The state in words. */
  stateText: string;
  /** On, with buttons or open-only. */
  on: boolean;
  /** Blocked by the browser or unsupported: it cannot be turned on here. */
  unavailable: boolean;
  /** What the page must say about a click on a notification (one that came too late), or null. */
  news: string | null;
  dismissNews(): void;
  /** The dismiss button's name. */
  dismissLabel: string;
  /** Counts clicks on a notification's body that opened the dock: each one moves the focus in. */
  openedCount: number;
};

/** Set by `<NotificationAnswers>`; `null` where the host offers no notifications. */
export const NotifySwitchContext = /* @__PURE__ */ createContext<NotifySwitchValue | null>(null);
