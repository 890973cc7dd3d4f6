const ENGLISH = {
  locale: "en",
  dir: "ltr" as "ltr" | "rtl",
  waitingForAnswer: "Waiting for your answer",
  questionRegion: "Question from the agent",
  questionProgress: "Question {step} of {total}",
  requestNavigation: "Pending requests",
  requestPosition: "{index}/{total}",
  previousRequest: "Previous request",
  nextRequest: "Next request",
  back: "Back",
  next: "Next",
  submit: "Submit",
  skip: "Skip",
  skipConfirmation: "Skip every question of this request? The agent continues without your answer.",
  confirmSkip: "Yes, skip",
  cancelSkip: "Keep answering",
  collapse: "Collapse question",
  expand: "Show question",
  dismiss: "Dismiss",
  openLink: "Open link",
  recommended: "Recommended",
  otherLabel: "Your own answer",
  otherPlaceholder: "Type your own answer here",
  otherHint: "Enter adds a line · Ctrl/⌘+Enter to continue",
  optionHint: "Press 1–{count} to choose",
  timeLeft: "{time} left",
  statusQueued:
    "You are offline. Your answer is saved and will be sent when the connection returns.",
  statusSubmitting: "Sending your answer…",
  statusError: "Your answer could not be sent: {message}",
  retry: "Try again",
  statusAnsweredElsewhere: "This question was answered elsewhere.",
  statusAnswered: "Your answer was sent.",
  statusCancelled: "This question was skipped.",
  statusExpired: "This question expired before an answer arrived.",
  statusUnavailable: "This question is no longer available.",
  summaryAnswered: "Answered",
  summarySkipped: "Skipped",
  summaryExpired: "Expired",
  summaryUnavailable: "Unavailable",
  summaryAnsweredElsewhere: "Answered elsewhere",
  summaryUnsent: "Your unsent answer",
  summaryNoAnswer: "(no answer)",
  secretAnswer: "Hidden",
  announceNewQuestion: "New question: {question}",
  announceOneMinuteLeft: "One minute left to answer: {header}",
  notificationTitle: "A question is waiting for your answer",
  titlePrefix: "({count}) ",
};

/** Keys of a dictionary; every entry must provide all of them. */
export type DictionaryKey = keyof typeof ENGLISH;

/** A complete set of strings for one language. */
export type Dictionary = { [Key in DictionaryKey]: string } & { dir: "ltr" | "rtl" };

/** Every user-facing string of the kit, in English (the built-in dictionary). */
export const en: Dictionary = ENGLISH;
