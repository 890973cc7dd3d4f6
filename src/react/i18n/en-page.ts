/**
 * The English strings a page shows without the question panel: summaries, status sentences,
 * notices' sentences, the title badge, the panel's loading line. The panel's own strings
 * (`en-panel.ts`) load with the panel.
 */
export const enPage = {
  locale: "en",
  dir: "ltr" as "ltr" | "rtl",
  statusQueued:
    "You are offline. Your answer is saved and will be sent when the connection returns.",
  statusSubmitting: "Sending your answer…",
  statusError: "Your answer could not be sent: {message}",
  retry: "Try again",
  panelLoading: "Loading the question…",
  panelFailed:
    "The question could not be shown: part of this page did not load. What you typed is kept.",
  statusAnswered: "Your answer was sent.",
  statusCancelled: "You skipped {headers}.",
  noticeAnsweredElsewhere: "Answered elsewhere",
  noticeExpired: "{headers} expired.",
  noticeUnavailable: "The gateway no longer has {headers} (it may have restarted).",
  noticeCancelled: "Cancelled elsewhere, for example by the agent: {headers}.",
  summaryUnsent: "Your unsent answer",
  summaryYourAnswer: "Your answer",
  noticeUnconfirmed:
    "We could not confirm whether your answer to {headers} arrived: the gateway no longer has the request.",
  noticeUnconfirmedSkip:
    "We could not confirm whether your skip of {headers} arrived: the gateway no longer has the request.",
  statusCancelledAsync: "You dismissed {headers}.",
  noticeExpiredAsync: "{headers} is no longer pending.",
  noticeUnavailableAsync: "The conversation no longer holds {headers}.",
  reopenAsync: "Answer",
  noticeCancelledMcp: "The MCP server cancelled {headers}.",
  noticeUnavailableChat: "The chat no longer waits for {headers}.",
  noticeUnavailableMcp:
    "The MCP server no longer waits for {headers}: a form ends with the page that showed it.",
  noticeUnconfirmedChat:
    "We could not confirm whether your answer to {headers} arrived: the chat no longer waits for it.",
  noticeUnconfirmedMcp:
    "We could not confirm whether your answer to {headers} arrived: the MCP server's request ended.",
  noticeUnconfirmedSkipChat:
    "We could not confirm whether your skip of {headers} arrived: the chat no longer waits for it.",
  noticeUnconfirmedSkipMcp:
    "We could not confirm whether your skip of {headers} arrived: the MCP server's request ended.",
  summaryNoAnswer: "(no answer)",
  secretAnswer: "Hidden",
  notificationTitle: "A question is waiting for your answer",
  noticeAnsweredByReply: "Answered by a chat reply",
  titlePrefix: "({count}) ",
  quotedHeader: "“{header}”",
  fieldYes: "Yes",
  fieldNo: "No",
  urlFinished: "Finished",
  urlOpened: "Opened",
  urlNotOpened: "Not opened",
  urlStatusFinished: "You opened {headers} and finished there.",
  urlStatusStoppedWaiting:
    "You opened {headers} and stopped waiting; whether you finished is not known.",
  urlStatusDeclined: "You declined to open {headers}.",
  urlNoticeEndedOpened:
    "You opened {headers}; the request ended before it said whether you finished.",
  urlNoticeFinishedElsewhere: "Finished elsewhere",
};

/** Keys of the strings a page shows without the question panel. */
export type PageKey = keyof typeof enPage;
