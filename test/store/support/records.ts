import type { Question, QuestionRecord } from "../../../src/protocol/types";
import { createInitialState } from "../../../src/store/initial-state";
import type { QuestionStoreState } from "../../../src/store/types";

export const START_MS = 1_800_000_000_000;
export const LIFETIME_MS = 900_000;

export const targetQuestion: Question = {
  questionId: "target",
  header: "Target",
  question: "Where should this deploy go?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
  isOther: true,
};

export const checksQuestion: Question = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run?",
  options: [{ label: "Tests" }, { label: "Lint" }],
  multiSelect: true,
  isOther: true,
};

/** A pending record in session "main" with one single-select and one multi-select question. */
export function makeRecord(overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id: "q1",
    questions: [targetQuestion, checksQuestion],
    sessionKey: "main",
    runId: "run-1",
    createdAtMs: START_MS,
    expiresAtMs: START_MS + LIFETIME_MS,
    status: "pending",
    ...overrides,
  };
}

export function emptyState(nowMs = START_MS): QuestionStoreState {
  return createInitialState(nowMs);
}

/** Freezes every nested object, so any mutation by the reducer throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Map) {
    // Object.freeze leaves a Map's entries writable, so its writers are made to throw.
    const refuse = () => {
      throw new TypeError("a frozen map was written to");
    };
    Object.assign(value, { set: refuse, delete: refuse, clear: refuse });
    for (const item of value.values()) deepFreeze(item);
  }
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}
