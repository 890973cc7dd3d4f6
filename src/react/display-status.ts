import { PLAIN_TEXT_RESOLVER } from "../protocol/chat-reply";
import { unconfirmedSendOf } from "../store/index";
import type { PromptEntry } from "../store/types";

/** The prompt was answered by a chat message (this page's composer or any chat channel). */
export function isReplyAnswer(entry: PromptEntry): boolean {
  return entry.record.resolvedBy === PLAIN_TEXT_RESOLVER;
}

/** What the dock shows about a prompt, one value per sentence. */
export type DisplayStatus =
  | "pending"
  | "submitting"
  | "queued"
  | "error"
  | "answered"
  | "answered-elsewhere"
  | "answered-by-reply"
  | "cancelled"
  | "expired"
  | "unavailable"
  | "unconfirmed";

/** Maps a prompt entry to the status the UI renders. */
export function displayStatusOf(entry: PromptEntry | undefined): DisplayStatus {
  if (entry === undefined) return "unavailable";
  switch (entry.status) {
    case "pending":
      return entry.error === null ? "pending" : "error";
    case "submitting":
    case "queued":
    case "cancelled":
    case "expired":
      return entry.status;
    case "unavailable":
      return unconfirmedSendOf(entry) === null ? "unavailable" : "unconfirmed";
    case "answered":
      if (!entry.answeredElsewhere) return "answered";
      return isReplyAnswer(entry) ? "answered-by-reply" : "answered-elsewhere";
    default:
      return entry.status satisfies never;
  }
}

/** True while the user can still change or send an answer. */
export function isAnswerable(status: DisplayStatus): boolean {
  return status === "pending" || status === "error" || status === "queued";
}

/** True while the answer can still be edited (not while it is being sent or waits to be sent). */
export function isEditable(status: DisplayStatus): boolean {
  return status === "pending" || status === "error";
}
