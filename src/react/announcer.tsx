import { useEffect, useRef, useState } from "react";
import { selectActivePromptId, selectPendingPrompts, selectTimeLeftMs } from "../store/index";
import type { PromptEntry, QuestionStore } from "../store/types";
import { useQuestionsContext } from "./context";
import type { Dictionary } from "./i18n/en";
import { formatMessage } from "./i18n/format";
import { retirementOf, retirementText } from "./notice/retirement";

function outcomeSentence(state: QuestionStore, promptId: string, dictionary: Dictionary): string {
  const entry = state.prompts.get(promptId);
  const retirement = retirementOf(entry);
  if (entry !== undefined && retirement !== null) {
    return retirementText(entry, retirement, dictionary);
  }
  if (entry?.status === "answered") return dictionary.statusAnswered;
  if (entry?.status === "cancelled") return dictionary.statusCancelled;
  return "";
}

/**
 * How a request that waited behind request navigation ended. The notice's "This question expired."
 * would be read as the question on screen, so it names the question by its header instead.
 */
function waitingOutcomeSentence(
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
 * What to say about requests that arrived in one burst and still wait. Only one that took the
 * screen is a "New question"; the others wait behind request navigation and are named as waiting,
 * by count once there are several.
 */
function arrivalSentence(
  pending: readonly PromptEntry[],
  arrivedIds: ReadonlySet<string>,
  activeId: string | null,
  dictionary: Dictionary,
): string {
  const arrived = pending.filter((entry) => arrivedIds.has(entry.id));
  const onScreen = arrived.find((entry) => entry.id === activeId)?.record.questions[0];
  if (onScreen !== undefined) {
    return formatMessage(dictionary, "announceNewQuestion", { question: onScreen.question });
  }
  const waiting = arrived.filter((entry) => entry.id !== activeId);
  if (waiting.length > 1) {
    return formatMessage(dictionary, "announceRequestsWaiting", { count: waiting.length });
  }
  const first = waiting[0]?.record.questions[0];
  if (first === undefined) return "";
  return formatMessage(dictionary, "announceRequestWaiting", { question: first.question });
}

/** When the "one minute left" announcement is made. */
export const LAST_MINUTE_MS = 60_000;

/**
 * How long an announcement stays before the one-minute warning may replace it, and within which
 * further arrivals join it: a polite live region that changes again within a second can drop
 * "New question: …" unread.
 */
export const ANNOUNCEMENT_HOLD_MS = 5_000;

/** A polite live region: says a question arrived, when one minute is left and how it ended; never moves focus. */
export function Announcer() {
  const { store, scope, dictionary } = useQuestionsContext();
  const [message, setMessage] = useState("");
  const known = useRef<Set<string> | null>(null);
  const shown = useRef<string | null>(null);
  /** Per waiting prompt: whether its one-minute warning is still due (false once made, or never). */
  const warningDue = useRef(new Map<string, boolean>());
  const announcedAtMs = useRef<number | null>(null);
  /**
   * Requests whose arrival the current announcement reports. Arrivals within the hold join it
   * rather than replace it, so a burst is read as one sentence instead of each dropping the last.
   */
  const arrivalBurst = useRef<Set<string> | null>(null);

  useEffect(() => {
    const announce = (text: string, state: QuestionStore, burst: Set<string> | null = null) => {
      setMessage(text);
      announcedAtMs.current = state.nowMs;
      arrivalBurst.current = burst;
    };
    const check = (state: QuestionStore) => {
      const pending = selectPendingPrompts(state, scope);
      const ids = new Set(pending.map((entry) => entry.id));
      const previous = known.current;
      const shownBefore = shown.current;
      const activeId = selectActivePromptId(state, scope);
      known.current = ids;
      shown.current = activeId;
      for (const id of warningDue.current.keys()) {
        if (!ids.has(id)) warningDue.current.delete(id);
      }
      for (const entry of pending) {
        if (warningDue.current.has(entry.id)) continue;
        // Only a prompt first seen with more than a minute left gets the warning: a 30-second
        // question would otherwise be "one minute left" a second after it arrived.
        const timeLeftMs = selectTimeLeftMs(state, entry.id);
        warningDue.current.set(entry.id, timeLeftMs !== null && timeLeftMs > LAST_MINUTE_MS);
      }
      const arrived = previous === null ? [] : pending.filter((entry) => !previous.has(entry.id));
      const ended = previous === null ? [] : [...previous].filter((id) => !ids.has(id));
      const shownOutcome =
        shownBefore !== null && ended.includes(shownBefore)
          ? outcomeSentence(state, shownBefore, dictionary)
          : "";
      const waitingOutcome = ended
        .filter((id) => id !== shownBefore)
        .map((id) => waitingOutcomeSentence(state, id, dictionary))
        .find(Boolean);
      const since = announcedAtMs.current;
      const held = since !== null && state.nowMs - since < ANNOUNCEMENT_HOLD_MS;
      const burst = new Set(held && arrivalBurst.current !== null ? arrivalBurst.current : []);
      for (const entry of arrived) burst.add(entry.id);
      const newOnScreen = arrived.some((entry) => entry.id === activeId);
      // How the question on screen ended matters more than news of one waiting behind it.
      if (arrived.length > 0 && (newOnScreen || !shownOutcome)) {
        const sentence = arrivalSentence(pending, burst, activeId, dictionary);
        if (sentence) {
          announce(sentence, state, burst);
          return;
        }
      }
      const endedSentence = shownOutcome || waitingOutcome;
      if (endedSentence) {
        announce(endedSentence, state);
        return;
      }
      if (activeId === null || warningDue.current.get(activeId) !== true) return;
      const timeLeftMs = selectTimeLeftMs(state, activeId);
      if (timeLeftMs === null || timeLeftMs > LAST_MINUTE_MS || timeLeftMs <= 0) return;
      if (held) return;
      warningDue.current.set(activeId, false);
      const header = state.prompts.get(activeId)?.record.questions[0]?.header ?? "";
      announce(formatMessage(dictionary, "announceOneMinuteLeft", { header }), state);
    };
    check(store.getState());
    return store.subscribe(check);
  }, [store, scope, dictionary]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      lang={dictionary.locale}
      dir={dictionary.dir}
      className="ask-visually-hidden"
    >
      {message}
    </div>
  );
}
