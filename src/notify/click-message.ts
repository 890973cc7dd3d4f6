/** What a click on a question notification asks the page to do. */
export type NotificationChoice =
  | { kind: "option"; questionId: string; label: string }
  | { kind: "other"; questionId: string; text: string }
  | { kind: "open" };

export const CLICK_MESSAGE_KIND = "ask-user-kit/notification-click";

/** Posted by the worker to a page (or carried to a page it opens): one click, once. */
export type NotificationClickMessage = {
  kind: typeof CLICK_MESSAGE_KIND;
  /** Unique per click: a page applies each click once, however often it hears of it. */
  clickId: string;
  promptId: string;
  choice: NotificationChoice;
};

/** The URL fragment that carries a click to a page the worker opened. */
export const CLICK_FRAGMENT = "ask-user-kit-click";

function isChoice(value: unknown): value is NotificationChoice {
  if (typeof value !== "object" || value === null) return false;
  const choice = value as Record<string, unknown>;
  if (choice.kind === "open") return true;
  if (typeof choice.questionId !== "string") return false;
  if (choice.kind === "option") return typeof choice.label === "string";
  return choice.kind === "other" && typeof choice.text === "string";
}

/** True for a click message of the kit's (anything else a host's worker posts is not). */
export function isClickMessage(value: unknown): value is NotificationClickMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.kind === CLICK_MESSAGE_KIND &&
    typeof message.clickId === "string" &&
    typeof message.promptId === "string" &&
    isChoice(message.choice)
  );
}

/** `url` with the click in its fragment. */
export function urlWithClick(url: string, message: NotificationClickMessage): string {
  const target = new URL(url);
  target.hash = `${CLICK_FRAGMENT}=${encodeURIComponent(JSON.stringify(message))}`;
  return target.href;
}

/** The click a page was opened with, or null. */
export function clickFromFragment(hash: string): NotificationClickMessage | null {
  const prefix = `#${CLICK_FRAGMENT}=`;
  if (!hash.startsWith(prefix)) return null;
  try {
    const message: unknown = JSON.parse(decodeURIComponent(hash.slice(prefix.length)));
    return isClickMessage(message) ? message : null;
  } catch {
    return null;
  }
}
