import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useQuestionsContext } from "../../react/context";
import { findFocusTarget, questionFocusTargets } from "../../react/focus-targets";
import {
  NotifySwitchContext,
  type NotifySwitchState,
  type NotifySwitchValue,
  switchFlags,
} from "../../react/notify-switch-context";
import { selectPendingPrompts } from "../../store/selectors-prompts";
import type { NotificationNews, NotificationRegistration } from "../notification-answers";
import { notificationSupport, questionWorkerRegistration } from "../notification-support";
import { type NotifyStrings, notifyStringsFor } from "../notify-strings";

/** Props of `<NotificationAnswers>`. */
export type NotificationAnswersProps = {
  /**
   * The service worker to register when the page has none (the drop-in
   * `ask-user-kit/notify/question-worker.js`, served from the app's origin). A host with a worker
   * of its own calls `handleQuestionNotificationClick` in it and leaves this out.
   */
  workerUrl?: string;
  /** The switch's and the notifications' words; by default those of the provider's locale. */
  strings?: NotifyStrings;
  children?: ReactNode;
};

/** Where the user's choice is kept across reloads (the browser keeps the permission). */
export const NOTIFY_STORAGE_KEY = "ask-user-kit:notify";

function readChoice(): boolean {
  try {
    return localStorage.getItem(NOTIFY_STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function writeChoice(on: boolean): void {
  try {
    localStorage.setItem(NOTIFY_STORAGE_KEY, on ? "on" : "off");
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}

function permissionNow(): NotificationPermission {
  return typeof Notification === "undefined" ? "denied" : Notification.permission;
}

function stateText(state: NotifySwitchState, strings: NotifyStrings): string {
  switch (state) {
    case "on":
      return strings.stateOn;
    case "open-only":
      return strings.stateOpenOnly;
    case "off":
      return strings.stateOff;
    case "blocked":
      return strings.stateBlocked;
    case "unsupported":
      return strings.stateUnsupported;
    default:
      return state satisfies never;
  }
}

/** Moves the focus into the dock once it shows the prompt a notification's body opened. */
function focusDock(): void {
  requestAnimationFrame(() => {
    const panel = document.querySelector<HTMLElement>(".ask-composer-dock__panel");
    findFocusTarget(panel, questionFocusTargets())?.focus();
  });
}

/**
 * Opt-in answers from OS notifications, for the questions of the provider around it: offers the
 * dock's switch (and `<NotificationSwitch>`) to turn them on with a click; once on and allowed,
 * a question arriving while the page is hidden shows as a notification its buttons answer. What
 * shows them loads with `import()` once turned on. Adds no element of its own: the composer dock
 * says there when a click came too late.
 */
export function NotificationAnswers({ workerUrl, strings, children }: NotificationAnswersProps) {
  const { store, scope, dictionary } = useQuestionsContext();
  const words = strings ?? notifyStringsFor(dictionary.locale);
  const support = useMemo(notificationSupport, []);
  const [chosen, setChosen] = useState(readChoice);
  const [permission, setPermission] = useState(permissionNow);
  const [stale, setStale] = useState(false);

  const state: NotifySwitchState =
    support === "unsupported"
      ? "unsupported"
      : permission === "denied"
        ? "blocked"
        : !chosen || permission !== "granted"
          ? "off"
          : support === "buttons"
            ? "on"
            : "open-only";
  const { on } = switchFlags(state);

  const toggle = useCallback(() => {
    if (on) {
      setChosen(false);
      writeChoice(false);
      return;
    }
    // Asked in the click itself: browsers ask only during a user's gesture.
    void Notification.requestPermission().then((answer) => {
      setPermission(answer);
      setChosen(answer === "granted");
      writeChoice(answer === "granted");
    });
  }, [on]);

  // The permission can change in the browser's site settings while the page is open.
  useEffect(() => {
    const check = () => setPermission(permissionNow());
    addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);

  useEffect(() => {
    if (!on) return;
    let stop: (() => void) | null = null;
    let live = true;
    // What waits now is known; what arrives while the part and the worker load is shown once they have.
    const known = selectPendingPrompts(store.getState(), scope).map((entry) => entry.id);
    const onNews = (news: NotificationNews) => {
      if (news.kind === "stale") setStale(true);
      else focusDock();
    };
    Promise.all([import("../notification-answers"), questionWorkerRegistration(workerUrl)])
      .then(([part, registration]) => {
        if (!live || registration === null) return;
        stop = part.startNotificationAnswers({
          store,
          scope,
          strings: words,
          registration: registration as unknown as NotificationRegistration,
          messages: navigator.serviceWorker,
          onNews,
          known,
        });
      })
      // Without the part or a worker the page goes without notifications, as when they are denied.
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [on, store, scope, words, workerUrl]);

  const value = useMemo<NotifySwitchValue>(
    () => ({
      state,
      toggle,
      label: words.switchLabel,
      stateText: stateText(state, words),
      news: stale ? words.staleClick : null,
      dismissNews: () => setStale(false),
      dismissLabel: words.dismiss,
    }),
    [state, toggle, words, stale],
  );
  return <NotifySwitchContext.Provider value={value}>{children}</NotifySwitchContext.Provider>;
}
