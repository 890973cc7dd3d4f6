import { displayText } from "../protocol/display-text";
import { type DataStatus, promptStateOf } from "../store/prompt-state";
import { summarizePrompt } from "../store/prompt-summary";
import type { PromptEntry, QuestionStore } from "../store/types";
import type { Dictionary, DictionaryKey } from "./i18n/en";
import { formatMessage } from "./i18n/format";
import { headersOf, listOf } from "./i18n/headers";
import { urlStepOf } from "./status-message";
import { statusSentence, urlOfLine, valueText } from "./summary/value-text";

/**
 * How the prompt on screen ended, as its dock, notice and summary say it ("“Target” expired."); an
 * answer from elsewhere is read out with it ("Answered elsewhere · Target: Production").
 */
export function outcomeSentence(
  state: QuestionStore,
  promptId: string,
  dictionary: Dictionary,
): string {
  const entry = state.prompts.get(promptId);
  if (entry === undefined) return "";
  const { state: promptState, lines } = summarizePrompt(entry);
  if (promptState.outcome === "waiting") return "";
  const sentence = statusSentence(
    promptState,
    dictionary,
    headersOf(entry.record),
    entry.record.origin,
    urlStepOf(entry),
  );
  if (promptState.outcome !== "answered-elsewhere" && promptState.outcome !== "answered-by-reply") {
    return sentence;
  }
  const answers = lines.map(
    (line) =>
      `${displayText(line.header)}: ${valueText(line.answer, line.secret, dictionary, line.yesNo, urlOfLine(line))}`,
  );
  return [sentence, ...answers].join(" · ");
}

const WAITING_OUTCOME_KEYS: Partial<Record<DataStatus, DictionaryKey>> = {
  expired: "announceWaitingExpired",
  cancelled: "announceWaitingCancelled",
  unavailable: "announceWaitingUnavailable",
  unconfirmed: "announceWaitingUnconfirmed",
  "answered-elsewhere": "announceWaitingAnsweredElsewhere",
  "answered-by-reply": "announceWaitingAnsweredByReply",
};

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
  const header = displayText(entry?.record.questions[0]?.header ?? "");
  const key = WAITING_OUTCOME_KEYS[promptStateOf(entry).status];
  return key === undefined
    ? outcomeSentence(state, promptId, dictionary)
    : formatMessage(dictionary, key, { header });
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
      formatMessage(dictionary, "announceNewQuestion", {
        question: displayText(onScreen.question),
      }),
    );
  }
  const waiting = arrived.filter((entry) => entry.id !== activeId);
  const first = waiting[0]?.record.questions[0];
  if (waiting.length > 1) {
    const headers = waiting.map((entry) => displayText(entry.record.questions[0]?.header ?? ""));
    sentences.push(
      formatMessage(dictionary, "announceRequestsWaiting", {
        count: waiting.length,
        headers: listOf(headers, dictionary),
      }),
    );
  } else if (first !== undefined) {
    sentences.push(
      formatMessage(dictionary, "announceRequestWaiting", {
        question: displayText(first.question),
      }),
    );
  }
  return sentences;
}
