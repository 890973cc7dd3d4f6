// The service worker's side: a click on a question notification becomes a message to a page of
// the app, or opens one. No DOM, no React: it runs in the host's own worker.
import {
  CLICK_MESSAGE_KIND,
  type NotificationChoice,
  type NotificationClickMessage,
  urlWithClick,
} from "./click-message";
import {
  isQuestionNotificationData,
  OPTION_ACTION,
  type QuestionNotificationData,
} from "./notification-content";

/** The parts of a `NotificationEvent` the handler reads. */
export type QuestionNotificationClick = {
  notification: { data: unknown; close(): void };
  action: string;
  /** Typed text of an inline reply; null or absent otherwise. */
  reply?: string | null;
  waitUntil(work: Promise<unknown>): void;
};

/** The parts of a window client the handler uses. */
export type QuestionWindowClient = {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
};

/** The parts of the worker's `clients` the handler uses. */
export type QuestionClients = {
  matchAll(options: {
    type: "window";
    includeUncontrolled: boolean;
  }): Promise<readonly QuestionWindowClient[]>;
  openWindow(url: string): Promise<unknown>;
};

/** Options of `handleQuestionNotificationClick`. */
export type QuestionNotificationClickOptions = {
  /** The page opened when none is open; defaults to the page that showed the notification. */
  url?: string;
  /**
   * Where an answer goes when no page is open, as a POST of the click message (JSON); on a
   * failure, or without it, the app opens on the prompt and answers there.
   */
  answerEndpoint?: string;
  /** Defaults to the worker's `clients`. */
  clients?: QuestionClients;
  /** Defaults to the worker's `fetch`. */
  fetch?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => Promise<{ ok: boolean }>;
};

function choiceOf(
  click: QuestionNotificationClick,
  data: QuestionNotificationData,
): NotificationChoice {
  const { questionId, option } = data;
  if (questionId === undefined) return { kind: "open" };
  // Identified by the reply, not the action: Linux reports an inline reply with action "".
  if (typeof click.reply === "string") {
    return click.reply.trim() === ""
      ? { kind: "open" }
      : { kind: "other", questionId, text: click.reply };
  }
  if (click.action === OPTION_ACTION && option !== undefined) {
    return { kind: "option", questionId, label: option };
  }
  // The body, or "Other…" where the system has no inline reply: the page opens on the prompt.
  return { kind: "open" };
}

let clickCount = 0;
function newClickId(): string {
  clickCount += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `${random}-${clickCount}`;
}

function defaultClients(): QuestionClients {
  const clients = (globalThis as { clients?: QuestionClients }).clients;
  if (clients === undefined)
    throw new Error("ask-user-kit: no `clients`: call this in a service worker");
  return clients;
}

async function deliver(
  data: QuestionNotificationData,
  message: NotificationClickMessage,
  options: QuestionNotificationClickOptions,
): Promise<void> {
  const clients = options.clients ?? defaultClients();
  const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
  // One page only: every page of the app could answer, and the prompt must be answered once.
  const page =
    windows.find((client) => client.url === data.pageUrl) ??
    windows.find((client) => client.focused === true) ??
    windows[0];
  if (page !== undefined) {
    page.postMessage(message);
    // An answer from a button is given without leaving what the user does; "open" opens.
    if (message.choice.kind === "open") await page.focus().catch(() => undefined);
    return;
  }
  const post = options.fetch ?? (globalThis.fetch as QuestionNotificationClickOptions["fetch"]);
  if (
    options.answerEndpoint !== undefined &&
    message.choice.kind !== "open" &&
    post !== undefined
  ) {
    const sent = await post(options.answerEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(message),
    }).catch(() => ({ ok: false }));
    if (sent.ok) return;
  }
  await clients.openWindow(urlWithClick(options.url ?? data.pageUrl, message));
}

/**
 * Call from the worker's `notificationclick` listener. For a notification the kit showed: closes
 * it and sends the click (the button's option, the typed reply, or "open") to one open page of the
 * app, which answers through its store as a click in the dock would; with no page open, posts it to
 * `answerEndpoint` when given, else opens the app on the prompt. Returns false, doing nothing, for
 * any other notification (the host's own).
 */
export function handleQuestionNotificationClick(
  event: QuestionNotificationClick,
  options: QuestionNotificationClickOptions = {},
): boolean {
  const data = event.notification.data;
  if (!isQuestionNotificationData(data)) return false;
  event.notification.close();
  const message: NotificationClickMessage = {
    kind: CLICK_MESSAGE_KIND,
    clickId: newClickId(),
    promptId: data.promptId,
    choice: choiceOf(event, data),
  };
  event.waitUntil(deliver(data, message, options));
  return true;
}
