import { DRAFT_STORAGE_PREFIX } from "./constants";
import { isRevivable, isTerminalStatus } from "./outcomes";
import type {
  DraftStorage,
  PromptDraft,
  PromptEntry,
  QuestionDraft,
  QuestionStoreState,
} from "./types";

/** A draft as JSON holds it: questions by id. */
type StoredDraft = { questions: Record<string, QuestionDraft>; step: number };

function draftKey(gatewayKey: string, promptId: string): string {
  return `${DRAFT_STORAGE_PREFIX}:${gatewayKey}:${promptId}`;
}

// Storage cannot be enumerated through the Pick<> we accept, so an index lists the stored ids.
function indexKey(gatewayKey: string): string {
  return `${DRAFT_STORAGE_PREFIX}-index:${gatewayKey}`;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function parseQuestionDraft(value: unknown): QuestionDraft | null {
  if (typeof value !== "object" || value === null) return null;
  const { selected, otherText } = value as { selected?: unknown; otherText?: unknown };
  return isStringArray(selected) && typeof otherText === "string" ? { selected, otherText } : null;
}

function parseDraft(text: string | null): PromptDraft | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { questions, step } = value as { questions?: unknown; step?: unknown };
    if (typeof step !== "number" || typeof questions !== "object" || questions === null)
      return null;
    const parsed = new Map<string, QuestionDraft>();
    for (const [id, item] of Object.entries(questions)) {
      const draft = parseQuestionDraft(item);
      if (draft !== null) parsed.set(id, draft);
    }
    return { questions: parsed, step };
  } catch {
    return null;
  }
}

function readIndex(storage: DraftStorage, gatewayKey: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(indexKey(gatewayKey)) ?? "[]");
    return isStringArray(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * The part of a draft that may be written to storage: drafts of secret questions stay in memory
 * only (a reload loses a half-typed secret, rather than leaving it readable in storage).
 */
function storableDraft(entry: PromptEntry, draft: PromptDraft): StoredDraft {
  const questions: [string, QuestionDraft][] = [];
  for (const question of entry.record.questions) {
    const item = draft.questions.get(question.questionId);
    if (item !== undefined && question.isSecret !== true)
      questions.push([question.questionId, item]);
  }
  // fromEntries defines own properties, so even an id named `__proto__` is written as data.
  return { questions: Object.fromEntries(questions), step: draft.step };
}

/** Drafts saved by an earlier page of the same gateway. */
export function loadDrafts(
  storage: DraftStorage | null,
  gatewayKey: string,
): Map<string, PromptDraft> {
  const drafts = new Map<string, PromptDraft>();
  if (storage === null) return drafts;
  for (const id of readIndex(storage, gatewayKey)) {
    const draft = parseDraft(storage.getItem(draftKey(gatewayKey, id)));
    if (draft !== null) drafts.set(id, draft);
  }
  return drafts;
}

/** Keeps sessionStorage in step with the drafts of waiting prompts. */
export type DraftPersistence = {
  /** Writes changed drafts of waiting prompts and removes those of ended prompts. */
  sync(previous: QuestionStoreState, next: QuestionStoreState): void;
};

/** Persists drafts under keys made of `gatewayKey` and the prompt id. */
export function createDraftPersistence(
  storage: DraftStorage | null,
  gatewayKey: string,
): DraftPersistence {
  const stored = new Set(storage === null ? [] : readIndex(storage, gatewayKey));
  const attempt = (write: () => void): void => {
    try {
      write();
    } catch {
      // A full or blocked storage only costs the reload feature; the in-memory draft stays.
    }
  };
  /** Removes the drafts of ended prompts (one that may come back keeps its); true when the index changed. */
  const removeEnded = (target: DraftStorage, next: QuestionStoreState): boolean => {
    let indexChanged = false;
    for (const id of [...stored]) {
      const entry = next.prompts.get(id);
      const ended =
        next.drafts.get(id) === undefined ||
        (entry !== undefined && isTerminalStatus(entry.status) && !isRevivable(entry));
      if (!ended) continue;
      attempt(() => target.removeItem(draftKey(gatewayKey, id)));
      stored.delete(id);
      indexChanged = true;
    }
    return indexChanged;
  };

  /**
   * Writes the drafts of waiting prompts that changed, or that are not stored: a prompt our clock
   * expired too early lost its stored draft, and is waiting again once the gateway lists it.
   */
  const writeWaiting = (
    target: DraftStorage,
    previous: QuestionStoreState,
    next: QuestionStoreState,
  ): boolean => {
    let indexChanged = false;
    for (const [id, draft] of next.drafts) {
      if (draft === previous.drafts.get(id) && stored.has(id)) continue;
      const entry = next.prompts.get(id);
      // Without its record we cannot tell which questions are secret, so nothing is written.
      if (entry === undefined || isTerminalStatus(entry.status)) continue;
      const storable = storableDraft(entry, draft);
      attempt(() => target.setItem(draftKey(gatewayKey, id), JSON.stringify(storable)));
      if (!stored.has(id)) indexChanged = true;
      stored.add(id);
    }
    return indexChanged;
  };

  const sync = (previous: QuestionStoreState, next: QuestionStoreState): void => {
    if (storage === null) return;
    if (previous.prompts === next.prompts && previous.drafts === next.drafts) return;
    const removed = removeEnded(storage, next);
    const added = writeWaiting(storage, previous, next);
    if (removed || added)
      attempt(() => storage.setItem(indexKey(gatewayKey), JSON.stringify([...stored])));
  };
  return { sync };
}
