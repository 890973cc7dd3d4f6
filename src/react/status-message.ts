import type { RecordOrigin } from "../protocol/types";
import type { DataStatus, PromptState } from "../store/prompt-state";
import type { PromptEntry } from "../store/types";
import type { DictionaryKey } from "./i18n/en";
import type { PageKey } from "./i18n/en-page";

const MESSAGE_KEYS: Record<Exclude<DataStatus, "unconfirmed">, PageKey | null> = {
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

/** Sentences that name the other side, as an MCP server's form or an AI SDK chat says them. */
const BY_ORIGIN: Partial<Record<DictionaryKey, Partial<Record<RecordOrigin, DictionaryKey>>>> = {
  questionRegion: { mcp: "questionRegionMcp", async: "questionRegionAsync" },
  skipConfirmation: { mcp: "skipConfirmationMcp" },
  statusCancelled: { async: "statusCancelledAsync" },
  noticeExpired: { async: "noticeExpiredAsync" },
  noticeCancelled: { mcp: "noticeCancelledMcp" },
  noticeUnavailable: {
    chat: "noticeUnavailableChat",
    mcp: "noticeUnavailableMcp",
    async: "noticeUnavailableAsync",
  },
  noticeUnconfirmed: { chat: "noticeUnconfirmedChat", mcp: "noticeUnconfirmedMcp" },
  noticeUnconfirmedSkip: { chat: "noticeUnconfirmedSkipChat", mcp: "noticeUnconfirmedSkipMcp" },
};

/**
 * The key of `key`'s sentence as the record's asker says it: a gateway's unless it is another. A
 * sentence and its askers' variants are in the same part of the dictionary (page or panel).
 */
export function keyForOrigin<Key extends DictionaryKey>(
  key: Key,
  origin: RecordOrigin | undefined,
): Key {
  return origin === undefined ? key : ((BY_ORIGIN[key]?.[origin] as Key | undefined) ?? key);
}

/** A URL step (a prompt whose one question is a URL to open), and whether this user opened it. */
export type UrlStep = { opened: boolean };

/** The URL step a prompt is, or undefined for a prompt of questions. */
export function urlStepOf(entry: PromptEntry | undefined): UrlStep | undefined {
  const questions = entry?.record.questions ?? [];
  return questions.length === 1 && questions[0]?.openUrl !== undefined
    ? { opened: entry?.openedAtMs !== undefined }
    : undefined;
}

/**
 * How a URL step ended, in its own words: the source was told `accept` on Open, so after Open
 * nothing is "skipped", and whether the visit finished is said only once the source says so.
 */
function urlStepKey(state: PromptState, { opened }: UrlStep): PageKey | undefined {
  switch (state.status) {
    case "answered":
      return "urlStatusFinished";
    case "skipped":
      return opened ? "urlStatusStoppedWaiting" : "urlStatusDeclined";
    case "answered-elsewhere":
      return "urlNoticeFinishedElsewhere";
    case "expired":
    case "unavailable":
      return opened ? "urlNoticeEndedOpened" : undefined;
    default:
      return undefined;
  }
}

/**
 * The one sentence a prompt's state says, wherever it shows (dock status line, notice, summary,
 * live region); null while it simply waits. Sentences about how a request ended name it by its
 * headers, and name the other side as the record's `origin` does; a URL step's say what became
 * of the visit (`url`, from `urlStepOf`).
 */
export function statusMessageKey(
  state: PromptState,
  origin?: RecordOrigin,
  url?: UrlStep,
): PageKey | null {
  const urlKey = url === undefined ? undefined : urlStepKey(state, url);
  if (urlKey !== undefined) return urlKey;
  const key =
    state.status !== "unconfirmed"
      ? MESSAGE_KEYS[state.status]
      : state.sent === "skip"
        ? "noticeUnconfirmedSkip"
        : "noticeUnconfirmed";
  return key === null ? null : keyForOrigin(key, origin);
}
