import { useEffect } from "react";
import { displayText } from "../protocol/display-text";
import { selectPendingPrompts, selectWaitingCount } from "../store/selectors-prompts";
import { useQuestionsContext } from "./context";
import { formatMessage } from "./i18n/format";
import { showQuestionNotification } from "./show-notification";
import { useQuestionStore } from "./use-question-store";

/** How many prompts wait for an answer (all sessions), for a tab or sidebar badge. */
export function useQuestionBadge(): number {
  return useQuestionStore(selectWaitingCount);
}

/** Opt-in: prefixes `document.title` with "(n) " while prompts wait; restores it after. */
export function useTitleBadge(enabled = true): void {
  const { dictionary } = useQuestionsContext();
  const count = useQuestionBadge();
  useEffect(() => {
    if (!enabled || count === 0) return;
    const original = document.title;
    document.title = `${formatMessage(dictionary, "titlePrefix", { count })}${original}`;
    return () => {
      document.title = original;
    };
  }, [enabled, count, dictionary]);
}

/** Opt-in: an OS notification when a question arrives while the page is hidden (permission granted). */
export function useQuestionNotifications(enabled = true): void {
  const { store, scope, dictionary } = useQuestionsContext();
  useEffect(() => {
    if (!enabled || typeof Notification === "undefined") return;
    let known = new Set(selectPendingPrompts(store.getState(), scope).map((entry) => entry.id));
    return store.subscribe((state) => {
      const pending = selectPendingPrompts(state, scope);
      const arrived = pending.find((entry) => !known.has(entry.id));
      known = new Set(pending.map((entry) => entry.id));
      if (arrived === undefined || Notification.permission !== "granted" || !document.hidden) {
        return;
      }
      const body = displayText(arrived.record.questions[0]?.question ?? "");
      showQuestionNotification({ title: dictionary.notificationTitle, body, tag: arrived.id });
    });
  }, [enabled, store, scope, dictionary]);
}

/** Asks the browser for notification permission (call it from a user gesture). */
export async function requestQuestionNotificationPermission(): Promise<NotificationPermission> {
  if (typeof Notification === "undefined") return "denied";
  return Notification.requestPermission();
}
