import { summarizeOutcome } from "../../protocol/index";
import type { QuestionAnswers } from "../../protocol/types";
import { draftToUnsentAnswers, unconfirmedSendOf } from "../../store/index";
import type { PromptDraft, PromptEntry } from "../../store/types";
import { isReplyAnswer } from "../display-status";
import type { Dictionary, DictionaryKey } from "../i18n/en";
import { formatNamed, headersOf } from "../i18n/headers";

/** How a prompt ended without this client's own submit or skip. */
export type RetirementKind =
  | "answered-elsewhere"
  | "answered-by-reply"
  | "expired"
  | "unavailable"
  | "unconfirmed-answer"
  | "unconfirmed-skip"
  | "cancelled-elsewhere";

/** The retirement a notice reports, or null while the prompt waits or when this client ended it. */
export function retirementOf(entry: PromptEntry | undefined): RetirementKind | null {
  if (entry === undefined) return null;
  switch (entry.status) {
    case "pending":
    case "submitting":
    case "queued":
      return null;
    case "answered":
      if (!entry.answeredElsewhere) return null;
      return isReplyAnswer(entry) ? "answered-by-reply" : "answered-elsewhere";
    case "cancelled":
      return entry.answeredElsewhere ? "cancelled-elsewhere" : null;
    case "expired":
      return "expired";
    case "unavailable": {
      // A send that may have arrived before the gateway forgot the prompt: its fate is unknown.
      const unconfirmed = unconfirmedSendOf(entry);
      if (unconfirmed === null) return "unavailable";
      return unconfirmed.kind === "resolve" ? "unconfirmed-answer" : "unconfirmed-skip";
    }
    default:
      return entry.status satisfies never;
  }
}

/** The dictionary sentence of a retirement; those that need one name the request by its headers. */
export function retirementMessageKey(kind: RetirementKind): DictionaryKey {
  switch (kind) {
    case "answered-elsewhere":
      return "noticeAnsweredElsewhere";
    case "answered-by-reply":
      return "noticeAnsweredByReply";
    case "expired":
      return "noticeExpired";
    case "unavailable":
      return "noticeUnavailable";
    case "unconfirmed-answer":
      return "noticeUnconfirmed";
    case "unconfirmed-skip":
      return "noticeUnconfirmedSkip";
    case "cancelled-elsewhere":
      return "noticeCancelled";
    default:
      return kind satisfies never;
  }
}

/** The plain sentence a notice (and the live region) says for a retirement ("“Target” expired."). */
export function retirementSentence(
  kind: RetirementKind,
  dictionary: Dictionary,
  headers: readonly string[],
): string {
  return formatNamed(dictionary, retirementMessageKey(kind), headers);
}

/** What the user had composed and never got through: the store's record of it, else the draft left behind. */
export function unsentAnswersOf(
  entry: PromptEntry,
  draft: PromptDraft | undefined,
): QuestionAnswers | null {
  if (entry.unsentAnswers !== null) return entry.unsentAnswers;
  if (entry.sent?.kind === "resolve") return entry.sent.answers;
  return draftToUnsentAnswers(entry.record, draft);
}

/** The notice's first line as plain text ("Answered elsewhere · Target: Production"), for the live region. */
export function retirementText(
  entry: PromptEntry,
  kind: RetirementKind,
  dictionary: Dictionary,
): string {
  const sentence = retirementSentence(kind, dictionary, headersOf(entry.record));
  if (kind !== "answered-elsewhere" && kind !== "answered-by-reply") return sentence;
  const { lines } = summarizeOutcome(entry.record, { answeredElsewhere: true });
  const answers = lines.map(
    (line) => `${line.header}: ${line.answer ?? dictionary.summaryNoAnswer}`,
  );
  return [sentence, ...answers].join(" · ");
}
