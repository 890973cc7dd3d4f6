import type { PromptState } from "../store/prompt-state";
import type { DictionaryKey } from "./i18n/en";

/**
 * The one sentence a prompt's state says, wherever it shows (dock status line, notice, summary,
 * live region); null while it simply waits. Sentences about how a request ended name it by its
 * headers.
 */
export function statusMessageKey(state: PromptState): DictionaryKey | null {
  switch (state.status) {
    case "waiting":
      return null;
    case "sending":
      return "statusSubmitting";
    case "queued":
      return "statusQueued";
    case "failed":
      return "statusError";
    case "answered":
      return "statusAnswered";
    case "skipped":
      return "statusCancelled";
    case "answered-elsewhere":
      return "noticeAnsweredElsewhere";
    case "answered-by-reply":
      return "noticeAnsweredByReply";
    case "cancelled":
      return "noticeCancelled";
    case "expired":
      return "noticeExpired";
    case "unavailable":
      return "noticeUnavailable";
    case "unconfirmed":
      return state.sent === "skip" ? "noticeUnconfirmedSkip" : "noticeUnconfirmed";
    default:
      return state.status satisfies never;
  }
}
