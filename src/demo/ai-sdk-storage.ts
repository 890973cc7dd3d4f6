import type { UIMessage } from "ai";

/** The page's one AI SDK chat: a fixed id, so a reload finds its messages again. */
export const CHAT_ID = "demo-ai-sdk-chat";

const STORAGE_KEY = `ask-user-kit-demo:ai-sdk-messages:${CHAT_ID}`;

/** The messages this tab kept; anything unreadable starts the chat afresh. */
export function loadChatMessages(): UIMessage[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(saved) ? (saved as UIMessage[]) : [];
  } catch {
    return [];
  }
}

export function saveChatMessages(messages: UIMessage[]): void {
  try {
    if (messages.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(messages));
  } catch {
    // Without storage the chat lasts as long as the page.
  }
}
