import type { QuestionRecord } from "../../src/protocol/types";

export const RECORD_ID = "ask_0123456789abcdef0123456789abcdef";

export function singleChoice(overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id: RECORD_ID,
    questions: [
      {
        questionId: "deploy_target",
        header: "Target",
        question: "Where should this deploy?",
        options: [
          { label: "Staging (Recommended)" },
          { label: "Production" },
          { label: "Preview" },
        ],
        isOther: true,
      },
    ],
    createdAtMs: 1_000,
    expiresAtMs: 901_000,
    status: "pending",
    ...overrides,
  };
}
