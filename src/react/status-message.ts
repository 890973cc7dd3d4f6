import type { DataStatus, PromptState } from "../store/prompt-state";
import type { DictionaryKey } from "./i18n/en";

const MESSAGE_KEYS: Record<Exclude<DataStatus, "unconfirmed">, DictionaryKey | null> = {
  waiting: null,
  sending: "statusSubmitting",
  queued: "statusQueued",
  failed: "statusError",
  answered: "statusAnswered",
  skipped: "statusCancelled",
  "answered-elsewhere": "noticeAnsweredElsewhere",
  "answered-by-reply": "noticeAnsweredByReply",
  cancelled: "noticeCancelled",
  expired: "noticeExpired",
  unavailable: "noticeUnavailable",
};

/**
 * The one sentence a prompt's state says, wherever it shows (dock status line, notice, summary,
 * live region); null while it simply waits. Sentences about how a request ended name it by its
 * headers.
 */
export function statusMessageKey(state: PromptState): DictionaryKey | null {
  if (state.status !== "unconfirmed") return MESSAGE_KEYS[state.status];
  return state.sent === "skip" ? "noticeUnconfirmedSkip" : "noticeUnconfirmed";
}
