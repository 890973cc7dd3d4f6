import { answerFor } from "./answer-for";
import type { QuestionAnswers, QuestionRecord } from "./types";

/** What the agent's `ask_user` call returns: the JSON part and the text part. */
export type AskUserResult = {
  json: { status: "answered"; answers: QuestionAnswers } | { status: "no_answer" };
  text: string;
};

const NO_ANSWER_TEXT = "No answer arrived; proceed with best judgment.";
const CANCELLED_TEXT = "The question was cancelled; proceed with best judgment.";
const JSON_INDENT = 2;

/** Builds the tool result for a record: answered, or `no_answer` for cancelled (skipped) and expired ones. */
export function toAskUserResult(record: QuestionRecord): AskUserResult {
  if (record.status === "answered") {
    const answers = record.answers ?? { answers: {} };
    const json = { status: "answered" as const, answers };
    const lines = record.questions.map((question) => {
      const values = answerFor(answers, question.questionId) ?? [];
      return `${question.header}: ${values.length > 0 ? values.join(", ") : "(no answer)"}`;
    });
    return { json, text: `${lines.join("\n")}\n\n${JSON.stringify(json, null, JSON_INDENT)}` };
  }
  const json = { status: "no_answer" as const };
  const reason = record.status === "cancelled" ? CANCELLED_TEXT : NO_ANSWER_TEXT;
  return { json, text: `${reason}\n\n${JSON.stringify(json, null, JSON_INDENT)}` };
}
