// The page's side: shows a notification for a question that arrives while the page is hidden,
// closes it once the question ends anywhere, and answers what a click on it chose through the
// store, as a click in the dock would. Loaded with import() once notifications are turned on.
import type { StoreApi } from "zustand/vanilla";
import { selectPendingPrompts } from "../store/selectors-prompts";
import type { QuestionStore, QuestionStoreState, SessionScope } from "../store/types";
import { clickFromFragment, isClickMessage, type NotificationClickMessage } from "./click-message";
import { type QuestionNotification, questionNotificationFor } from "./notification-content";
import type { NotifyStrings } from "./notify-strings";

/** The parts of a service worker registration the page uses. */
export type NotificationRegistration = {
  showNotification(title: string, options: Omit<QuestionNotification, "title">): Promise<void>;
  getNotifications(filter: { tag: string }): Promise<ReadonlyArray<{ close(): void }>>;
};

/** The parts of `navigator.serviceWorker` the page uses. */
export type NotificationMessages = {
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  startMessages?(): void;
};

/** What the page hears from the notifications, for the view to say or do. */
export type NotificationNews =
  /** A click on a notification whose question had already ended: nothing was sent. */
  | { kind: "stale"; promptId: string }
  /** The body was clicked: the dock should show this prompt and take the focus. */
  | { kind: "open"; promptId: string };

/** Options of `startNotificationAnswers`. */
export type NotificationAnswersOptions = {
  store: StoreApi<QuestionStore>;
  /** The pane whose questions are notified and opened. */
  scope: SessionScope;
  strings: NotifyStrings;
  registration: NotificationRegistration;
  messages: NotificationMessages;
  onNews(news: NotificationNews): void;
  /** Read for a click the worker opened this page with (then removed from the URL). */
  location?: { hash: string; href: string };
  /** Removes the click from the URL; defaults to `history.replaceState`. */
  clearFragment?: () => void;
  /** Whether the page is hidden now; defaults to `document.visibilityState`. */
  isHidden?: () => boolean;
  /**
   * The prompts that waited when notifications were turned on (before this part loaded): any other
   * waiting now arrived meanwhile, and is shown. Defaults to those waiting at the start.
   */
  known?: readonly string[];
};

/** How long after it showed a notification is closed at the soonest. */
export const CLOSE_SETTLE_MS = 500;

/** How long a click the page was opened with waits for its question to be loaded. */
export const OPENED_CLICK_WAIT_MS = 15_000;

function defaultClearFragment(): void {
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}

/** Starts; returns the stop. */
export function startNotificationAnswers(options: NotificationAnswersOptions): () => void {
  const { store, scope, strings, registration, messages, onNews } = options;
  const isHidden = options.isHidden ?? (() => document.visibilityState === "hidden");
  const page = options.location ?? location;
  const applied = new Set<string>();
  const shown = new Set<string>();
  let seen = new Set(
    options.known ?? selectPendingPrompts(store.getState(), scope).map((entry) => entry.id),
  );
  let waitingClick: {
    message: NotificationClickMessage;
    timer: ReturnType<typeof setTimeout>;
  } | null = null;

  /** When each notification this page showed was shown (its promise settled), by prompt id. */
  const shownAt = new Map<string, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const closeNow = (promptId: string): void => {
    registration
      .getNotifications({ tag: promptId })
      .then((open) => {
        for (const notification of open) notification.close();
      })
      .catch(() => undefined);
  };

  const close = (promptId: string): void => {
    shown.delete(promptId);
    const since = shownAt.get(promptId);
    shownAt.delete(promptId);
    const wait = since === undefined ? 0 : since + CLOSE_SETTLE_MS - Date.now();
    if (wait <= 0) {
      closeNow(promptId);
      return;
    }
    // Closed the moment it showed, Chromium may not yet know the system's id for it and ask the
    // system to close id 0: the notification would stay on screen.
    const timer = setTimeout(() => {
      timers.delete(timer);
      closeNow(promptId);
    }, wait);
    timers.add(timer);
  };

  const show = (state: QuestionStoreState, promptId: string): void => {
    const entry = state.prompts.get(promptId);
    if (entry === undefined) return;
    const { title, ...rest } = questionNotificationFor(entry.record, strings, page.href);
    shown.add(promptId);
    registration.showNotification(title, rest).then(
      () => shownAt.set(promptId, Date.now()),
      () => shown.delete(promptId),
    );
  };

  const answer = (message: NotificationClickMessage): void => {
    const { promptId, choice } = message;
    const actions = store.getState();
    if (choice.kind === "open") {
      actions.setActivePrompt(scope, promptId);
      actions.setExpanded(scope, true);
      onNews({ kind: "open", promptId });
      return;
    }
    if (choice.kind === "option") {
      actions.chooseOption(promptId, choice.questionId, choice.label);
    } else {
      actions.setOtherText(promptId, choice.questionId, choice.text);
      actions.chooseOther(promptId, choice.questionId);
    }
    void actions.submit(promptId);
  };

  /** Applies a click once; false while its question may still be on its way (a page just opened). */
  const apply = (message: NotificationClickMessage, mayWait: boolean): boolean => {
    if (applied.has(message.clickId)) return true;
    const state = store.getState();
    const entry = state.prompts.get(message.promptId);
    if (entry === undefined && mayWait && state.hydration.status !== "done") return false;
    applied.add(message.clickId);
    // Waiting and not already being sent from here: anything else has ended or is answered.
    if (entry?.status !== "pending") {
      close(message.promptId);
      onNews({ kind: "stale", promptId: message.promptId });
      return true;
    }
    answer(message);
    return true;
  };

  const check = (state: QuestionStoreState): void => {
    const pending = selectPendingPrompts(state, scope);
    const ids = new Set(pending.map((entry) => entry.id));
    const ended = new Set<string>();
    for (const id of shown) if (state.prompts.get(id)?.status !== "pending") ended.add(id);
    // Also what an earlier page (before a reload) or another tab showed: closed by its tag.
    for (const id of seen) if (!ids.has(id)) ended.add(id);
    for (const id of ended) close(id);
    if (isHidden()) {
      for (const entry of pending) {
        if (!seen.has(entry.id) && entry.status === "pending") show(state, entry.id);
      }
    }
    seen = ids;
    if (waitingClick !== null && apply(waitingClick.message, true)) {
      clearTimeout(waitingClick.timer);
      waitingClick = null;
    }
  };

  const onMessage = (event: { data: unknown }): void => {
    if (isClickMessage(event.data)) apply(event.data, false);
  };

  const opened = clickFromFragment(page.hash);
  if (opened !== null) {
    (options.clearFragment ?? defaultClearFragment)();
    if (!apply(opened, true)) {
      waitingClick = {
        message: opened,
        timer: setTimeout(() => {
          if (waitingClick === null) return;
          apply(waitingClick.message, false);
          waitingClick = null;
        }, OPENED_CLICK_WAIT_MS),
      };
    }
  }
  messages.addEventListener("message", onMessage);
  messages.startMessages?.();
  const unsubscribe = store.subscribe(check);
  // A question that arrived while this part loaded.
  check(store.getState());
  return () => {
    unsubscribe();
    messages.removeEventListener("message", onMessage);
    if (waitingClick !== null) clearTimeout(waitingClick.timer);
    for (const timer of timers) clearTimeout(timer);
  };
}
