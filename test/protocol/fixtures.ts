import type { Question, QuestionRecord } from "../../src/protocol/types";

export const deployTarget: Question = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should this deploy?",
  options: [
    { label: "Staging (Recommended)", description: "Safe first step" },
    { label: "Production" },
  ],
  isOther: true,
};

export const checks: Question = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run?",
  options: [{ label: "Lint" }, { label: "Unit" }, { label: "E2E" }],
  multiSelect: true,
  isOther: true,
};

export const releaseNote: Question = {
  questionId: "release_note",
  header: "Note",
  question: "What should the release note say?",
  options: [],
  isOther: true,
};

export function recordOf(
  questions: Question[],
  overrides: Partial<QuestionRecord> = {},
): QuestionRecord {
  return {
    id: "ask_0123456789abcdef0123456789abcdef",
    questions,
    createdAtMs: 1_000,
    expiresAtMs: 901_000,
    status: "pending",
    ...overrides,
  };
}
