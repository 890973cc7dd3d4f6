import { parseQuestionRecord } from "../../protocol/parse-question-record";
import type { QuestionRecord } from "../../protocol/types";
import { createQuestionStore } from "../../store/create-question-store";
import { createLocalQuestionSource } from "../../store/local-source";
import { selectActivePromptId } from "../../store/selectors-prompts";
import type { DraftStorage, SessionScope } from "../../store/types";
import { createAnnouncementMemory, nextAnnouncement } from "../announcement-memory";
import type { Dictionary } from "../i18n/en";

/** The session the rehearsal's question belongs to; no host's session is named so. */
export const WARM_UP_SCOPE: SessionScope = { sessionKey: "agent:ask-user-kit:warm-up" };

const LIFETIME_MS = 900_000;
const ignore = () => undefined;

/**
 * A question of every kind of step the panel shows first: a single choice with descriptions and a
 * recommended option, then a multiple choice. Its words are never seen.
 */
function rehearsalRecord(nowMs: number): QuestionRecord {
  return {
    id: "ask-user-kit-warm-up",
    sessionKey: WARM_UP_SCOPE.sessionKey,
    createdAtMs: nowMs,
    expiresAtMs: nowMs + LIFETIME_MS,
    status: "pending",
    questions: [
      {
        questionId: "target",
        header: "Target",
        question: "Where should this go?",
        options: [
          { label: "Staging (Recommended)", description: "Safe to try." },
          { label: "Production", description: "Seen by everyone." },
        ],
        isOther: true,
      },
      {
        questionId: "checks",
        header: "Checks",
        question: "Which checks should run?",
        options: [{ label: "Unit" }, { label: "End to end" }],
        multiSelect: true,
        isOther: true,
      },
    ],
  };
}

/**
 * A store of its own: `arrive` asks its one question, which reaches the panel already showing that
 * store as a host's question reaches the page's (a store update React renders at once), and
 * resolves true once it is the active one. `stop` leaves no timer behind.
 */
export type Rehearsal = {
  store: ReturnType<typeof createQuestionStore>;
  arrive: () => Promise<boolean>;
  stop: () => void;
};

/** Whether this page has written to its own session storage once (see `forgettingStorage`). */
let pageStorageWritten = false;
const STORAGE_PROBE_KEY = "ask-user-kit:warm-up";

/**
 * Storage that forgets: the rehearsal's prompt is kept the way a host's is, and nowhere. The
 * first time on a page it also writes and at once removes an item of the kit's in the page's
 * session storage, where a host's store keeps its question by default: a page's first write there
 * costs more than later ones (about 0.7 ms at 4x throttled, in a profile of a cold question).
 */
function forgettingStorage(): DraftStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
      if (pageStorageWritten) return;
      pageStorageWritten = true;
      try {
        globalThis.sessionStorage?.setItem(STORAGE_PROBE_KEY, value);
        globalThis.sessionStorage?.removeItem(STORAGE_PROBE_KEY);
      } catch {
        // A full or refused storage: the host's own store reports it; the rehearsal says nothing.
      }
    },
    removeItem: (key) => void items.delete(key),
  };
}

/** Longer than any store takes to show a local question: past it, the rehearsal is dropped. */
const READY_TIMEOUT_MS = 1000;

/**
 * A rehearsal store, started and empty. Its question comes the path a host's takes (source, store,
 * reducer, storage, the arrival's sentence); nothing kept, said or sent.
 */
export function createRehearsal(dictionary: Dictionary): Rehearsal {
  const source = createLocalQuestionSource({ name: "warm-up" });
  const store = createQuestionStore({
    api: source,
    storage: forgettingStorage(),
    gatewayKey: "warm-up",
  });
  store.getState().start();
  source.open();
  // What the live region would say of the rehearsal's question, from an empty page as a host's
  // first question is said; said nowhere.
  const announcement = createAnnouncementMemory();
  nextAnnouncement(announcement, store.getState(), WARM_UP_SCOPE, dictionary);
  const stop = () => {
    source.close();
    store.getState().stop();
  };
  const ready = () => selectActivePromptId(store.getState(), WARM_UP_SCOPE) !== null;
  const arrive = () =>
    new Promise<boolean>((resolve) => {
      let settled = false;
      const finish = (active: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unsubscribe();
        if (active) nextAnnouncement(announcement, store.getState(), WARM_UP_SCOPE, dictionary);
        resolve(active);
      };
      const unsubscribe = store.subscribe(() => {
        if (ready()) finish(true);
      });
      const timer = setTimeout(() => finish(false), READY_TIMEOUT_MS);
      const record = rehearsalRecord(source.client.clock.now());
      // A page that loaded with no question waiting has never read a record off the wire.
      parseQuestionRecord(record);
      source.ask(record, { answer: ignore, decline: ignore, expire: ignore });
      if (ready()) finish(true);
    });
  return { store, arrive, stop };
}
