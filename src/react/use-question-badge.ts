import { useEffect } from "react";
import { selectPendingPrompts, selectWaitingCount } from "../store/selectors-prompts";
import { useQuestionsContext } from "./context";
import { formatMessage } from "./i18n/format";
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

/**
 * Opt-in: an OS notification when a question arrives while the page is hidden (permission
 * granted). What shows them loads with `import()` once turned on.
 */
export function useQuestionNotifications(enabled = true): void {
  const { store, scope, dictionary } = useQuestionsContext();
  useEffect(() => {
    if (!enabled || typeof Notification === "undefined") return;
    let stop: (() => void) | null = null;
    let live = true;
    // What waits now is known; what arrives while the part loads is told once it has.
    const known = new Set(selectPendingPrompts(store.getState(), scope).map((entry) => entry.id));
    import("./question-notifications").then(
      ({ watchQuestionNotifications }) => {
        if (live) stop = watchQuestionNotifications(store, scope, dictionary, known);
      },
      // Without the part the page goes without notifications, as when they are denied.
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [enabled, store, scope, dictionary]);
}

/** Asks the browser for notification permission (call it from a user gesture). */
export async function requestQuestionNotificationPermission(): Promise<NotificationPermission> {
  if (typeof Notification === "undefined") return "denied";
  return Notification.requestPermission();
}
