import type { PromptEntry, QuestionStore } from "../store/types";
import type { Dictionary } from "./i18n/en";
import { formatMessage } from "./i18n/format";
import { formatNamed, headersOf, listOf } from "./i18n/headers";
import { retirementOf, retirementText } from "./notice/retirement";

/** How the prompt on screen ended, named by its headers ("You skipped “Target”."). */
export function outcomeSentence(
  state: QuestionStore,
  promptId: string,
  dictionary: Dictionary,
): string {
  const entry = state.prompts.get(promptId);
  const retirement = retirementOf(entry);
  if (entry !== undefined && retirement !== null) {
    return retirementText(entry, retirement, dictionary);
  }
  if (entry?.status === "answered") return dictionary.statusAnswered;
  if (entry?.status === "cancelled") {
    return formatNamed(dictionary, "statusCancelled", headersOf(entry.record));
  }
  return "";
}

/**
 * How a request that waited behind request navigation ended. It is not the question on screen, so
 * the sentence says it was a waiting one.
 */
export function waitingOutcomeSentence(
  state: QuestionStore,
  promptId: string,
  dictionary: Dictionary,
): string {
  const entry = state.prompts.get(promptId);
  const header = entry?.record.questions[0]?.header ?? "";
  switch (retirementOf(entry)) {
    case "expired":
      return formatMessage(dictionary, "announceWaitingExpired", { header });
    case "cancelled-elsewhere":
      return formatMessage(dictionary, "announceWaitingCancelled", { header });
    case "unavailable":
      return formatMessage(dictionary, "announceWaitingUnavailable", { header });
    case "unconfirmed-answer":
    case "unconfirmed-skip":
      return formatMessage(dictionary, "announceWaitingUnconfirmed", { header });
    case "answered-elsewhere":
      return formatMessage(dictionary, "announceWaitingAnsweredElsewhere", { header });
    case "answered-by-reply":
      return formatMessage(dictionary, "announceWaitingAnsweredByReply", { header });
    default:
      return outcomeSentence(state, promptId, dictionary);
  }
}

/**
 * What to say about requests that arrived and still wait: the one that took the screen is a "New
 * question"; the others wait behind request navigation and are named as waiting, several in one
 * sentence by their headers.
 */
export function arrivalSentences(
  pending: readonly PromptEntry[],
  arrivedIds: ReadonlySet<string>,
  activeId: string | null,
  dictionary: Dictionary,
): string[] {
  const arrived = pending.filter((entry) => arrivedIds.has(entry.id));
  const sentences: string[] = [];
  const onScreen = arrived.find((entry) => entry.id === activeId)?.record.questions[0];
  if (onScreen !== undefined) {
    sentences.push(
      formatMessage(dictionary, "announceNewQuestion", { question: onScreen.question }),
    );
  }
  const waiting = arrived.filter((entry) => entry.id !== activeId);
  const first = waiting[0]?.record.questions[0];
  if (waiting.length > 1) {
    const headers = waiting.map((entry) => entry.record.questions[0]?.header ?? "");
    sentences.push(
      formatMessage(dictionary, "announceRequestsWaiting", {
        count: waiting.length,
        headers: listOf(headers, dictionary),
      }),
    );
  } else if (first !== undefined) {
    sentences.push(
      formatMessage(dictionary, "announceRequestWaiting", { question: first.question }),
    );
  }
  return sentences;
}
