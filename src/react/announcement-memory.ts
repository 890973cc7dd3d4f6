import { displayText } from "../protocol/display-text";
import {
  selectActivePromptId,
  selectPendingPrompts,
  selectTimeLeftMs,
} from "../store/selectors-prompts";
import type { QuestionStore, SessionScope } from "../store/types";
import {
  arrivalSentences,
  outcomeSentence,
  waitingOutcomeSentence,
} from "./announcement-sentences";
import type { Dictionary } from "./i18n/en";
import { formatMessage } from "./i18n/format";

/** When the "one minute left" announcement is made. */
export const LAST_MINUTE_MS = 60_000;

/**
 * How long an announcement stays before the one-minute warning may replace it, and within which
 * further arrivals join it: a polite live region that changes again within a second can drop
 * "New question: …" unread.
 */
export const ANNOUNCEMENT_HOLD_MS = 5_000;

/** One sentence of the live region's message, keyed by what it is about. */
export type Sentence = { key: string; text: string };

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

/** What the live region remembers between store updates. */
export type AnnouncementMemory = {
  /** The waiting prompts of the last update; null before the first. */
  known: Set<string> | null;
  shown: string | null;
  /** Per waiting prompt: whether its one-minute warning is still due (false once made, or never). */
  warningDue: Map<string, boolean>;
  held: HeldMessage | null;
};

export function createAnnouncementMemory(): AnnouncementMemory {
  return { known: null, shown: null, warningDue: new Map(), held: null };
}

/**
 * What the live region says after `state`: a new message, or null when it keeps the one it has.
 * Updates `memory`. News within the hold joins the message instead of replacing it, so no arrival
 * is lost unread and a burst is read as one message.
 */
export function nextAnnouncement(
  memory: AnnouncementMemory,
  state: QuestionStore,
  scope: SessionScope,
  dictionary: Dictionary,
): readonly Sentence[] | null {
  const pending = selectPendingPrompts(state, scope);
  const ids = new Set(pending.map((entry) => entry.id));
  const previous = memory.known;
  const shownBefore = memory.shown;
  const activeId = selectActivePromptId(state, scope);
  memory.known = ids;
  memory.shown = activeId;
  const { warningDue } = memory;
  for (const id of warningDue.keys()) {
    if (!ids.has(id)) warningDue.delete(id);
  }
  for (const entry of pending) {
    if (warningDue.has(entry.id)) continue;
    // Only a prompt first seen with more than a minute left gets the warning: a 30-second
    // question would otherwise be "one minute left" a second after it arrived.
    const timeLeftMs = selectTimeLeftMs(state, entry.id);
    warningDue.set(entry.id, timeLeftMs !== null && timeLeftMs > LAST_MINUTE_MS);
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
  const current = memory.held;
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
    if (sentences.length === 0) return null;
    memory.held = next;
    return sentences;
  }
  if (isHeld || activeId === null || warningDue.get(activeId) !== true) return null;
  const timeLeftMs = selectTimeLeftMs(state, activeId);
  if (timeLeftMs === null || timeLeftMs > LAST_MINUTE_MS || timeLeftMs <= 0) return null;
  warningDue.set(activeId, false);
  const header = displayText(state.prompts.get(activeId)?.record.questions[0]?.header ?? "");
  const warning = {
    key: `warning-${activeId}`,
    text: formatMessage(dictionary, "announceOneMinuteLeft", { header }),
  };
  memory.held = {
    startMs: state.nowMs,
    sinceMs: state.nowMs,
    arrivedIds: new Set(),
    endings: [warning],
  };
  return [warning];
}
