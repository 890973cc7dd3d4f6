import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
// Through the root entry, which every host of this part imports anyway: bundled on its own, this
// entry then shares the root's chunks as they are, instead of splitting six small ones out of
// them (which cost every host about 136 B gzip up front, whether it used notifications or not).
import { useSessionScope } from "../../index";
import {
  NotifySwitchContext,
  type NotifySwitchState,
  type NotifySwitchValue,
  useQuestionsContext,
} from "../../react/context";
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

/** Whether the switch is on (with buttons or open-only), and whether it can be turned on at all. */
function switchFlags(state: NotifySwitchState): { on: boolean; unavailable: boolean } {
  return {
    on: state === "on" || state === "open-only",
    unavailable: state === "blocked" || state === "unsupported",
  };
}

/**
 * Opt-in answers from OS notifications, for the questions of the provider around it: offers the
 * dock's switch (and `<NotificationSwitch>`) to turn them on with a click; once on and allowed,
 * a question arriving while the page is hidden shows as a notification its buttons answer. What
 * shows them loads with `import()` once turned on. Adds no element of its own: the composer dock
 * says there when a click came too late.
 */
export function NotificationAnswers({ workerUrl, strings, children }: NotificationAnswersProps) {
  const { store, dictionary } = useQuestionsContext();
  const scope = useSessionScope();
  const words = strings ?? notifyStringsFor(dictionary.locale);
  const support = useMemo(notificationSupport, []);
  const [chosen, setChosen] = useState(readChoice);
  const [permission, setPermission] = useState(permissionNow);
  const [stale, setStale] = useState(false);
  const [openedCount, setOpenedCount] = useState(0);

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
  const { on, unavailable } = switchFlags(state);

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
      else setOpenedCount((count) => count + 1);
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
      on,
      unavailable,
      news: stale ? words.staleClick : null,
      dismissNews: () => setStale(false),
      dismissLabel: words.dismiss,
      openedCount,
    }),
    [state, toggle, words, stale, openedCount, on, unavailable],
  );
  return <NotifySwitchContext.Provider value={value}>{children}</NotifySwitchContext.Provider>;
}
