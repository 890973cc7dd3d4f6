import { useEffect, useRef, useState } from "react";
import { displayText } from "../protocol/display-text";
import {
  selectActivePromptId,
  selectPendingPrompts,
  selectTimeLeftMs,
} from "../store/selectors-prompts";
import type { QuestionStore } from "../store/types";
import {
  arrivalSentences,
  outcomeSentence,
  waitingOutcomeSentence,
} from "./announcement-sentences";
import { useQuestionsContext } from "./context";
import { formatMessage } from "./i18n/format";
import { useDictionary } from "./i18n/use-dictionary";

/** When the "one minute left" announcement is made. */
export const LAST_MINUTE_MS = 60_000;

/**
 * How long an announcement stays before the one-minute warning may replace it, and within which
 * further arrivals join it: a polite live region that changes again within a second can drop
 * "New question: …" unread.
 */
export const ANNOUNCEMENT_HOLD_MS = 5_000;

/** One sentence of the live region's message, keyed by what it is about. */
type Sentence = { key: string; text: string };

/**
 * What the current message says while it is held: requests that arrived, and how others ended;
 * when it started (news joins it within the hold of that) and when it last changed.
 */
type HeldMessage = {
  startMs: number;
  sinceMs: number;
  arrivedIds: ReadonlySet<string>;
  endings: Sentence[];
};

/**
 * A polite live region: says a question arrived, when one minute is left and how it ended; never
 * moves focus. News within the hold joins the message instead of replacing it, so no arrival is
 * lost unread and a burst is read as one message.
 */
export function Announcer() {
  const { store, scope } = useQuestionsContext();
  const dictionary = useDictionary();
  const [message, setMessage] = useState<readonly Sentence[]>([]);
  const known = useRef<Set<string> | null>(null);
  const shown = useRef<string | null>(null);
  /** Per waiting prompt: whether its one-minute warning is still due (false once made, or never). */
  const warningDue = useRef(new Map<string, boolean>());
  const held = useRef<HeldMessage | null>(null);

  useEffect(() => {
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
      const endings: Sentence[] = [];
      if (shownBefore !== null && ended.includes(shownBefore)) {
        const text = outcomeSentence(state, shownBefore, dictionary);
        if (text) endings.push({ key: `ended-${shownBefore}`, text });
      }
      const waitingEnded = ended
        .filter((id) => id !== shownBefore)
        .map((id) => ({ key: `ended-${id}`, text: waitingOutcomeSentence(state, id, dictionary) }))
        .find((sentence) => sentence.text !== "");
      if (waitingEnded !== undefined) endings.push(waitingEnded);
      const current = held.current;
      const isHeld = current !== null && state.nowMs - current.sinceMs < ANNOUNCEMENT_HOLD_MS;
      if (arrived.length > 0 || endings.length > 0) {
        // Joined only within the hold of its start: the region is read whole on every change, and
        // a run of quick questions would have it repeat how each earlier one ended.
        const base =
          current !== null && state.nowMs - current.startMs < ANNOUNCEMENT_HOLD_MS ? current : null;
        const next: HeldMessage = {
          startMs: base?.startMs ?? state.nowMs,
          sinceMs: state.nowMs,
          arrivedIds: new Set([...(base?.arrivedIds ?? []), ...arrived.map((entry) => entry.id)]),
          endings: [
            ...(base?.endings ?? []).filter(
              (before) => !endings.some((ending) => ending.key === before.key),
            ),
            ...endings,
          ],
        };
        const arrivals = arrivalSentences(pending, next.arrivedIds, activeId, dictionary);
        const sentences = [
          ...next.endings,
          ...arrivals.map((text, position) => ({ key: `arrival-${position}`, text })),
        ];
        if (sentences.length === 0) return;
        held.current = next;
        setMessage(sentences);
        return;
      }
      if (isHeld || activeId === null || warningDue.current.get(activeId) !== true) return;
      const timeLeftMs = selectTimeLeftMs(state, activeId);
      if (timeLeftMs === null || timeLeftMs > LAST_MINUTE_MS || timeLeftMs <= 0) return;
      warningDue.current.set(activeId, false);
      const header = displayText(state.prompts.get(activeId)?.record.questions[0]?.header ?? "");
      const warning = {
        key: `warning-${activeId}`,
        text: formatMessage(dictionary, "announceOneMinuteLeft", { header }),
      };
      held.current = {
        startMs: state.nowMs,
        sinceMs: state.nowMs,
        arrivedIds: new Set(),
        endings: [warning],
      };
      setMessage([warning]);
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
      {message.map((sentence) => (
        <p key={sentence.key}>{sentence.text}</p>
      ))}
    </div>
  );
}
