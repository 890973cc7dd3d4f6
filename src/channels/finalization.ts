import { displayText } from "../protocol/display-text";
import type { QuestionRecord } from "../protocol/types";

/** What a channel message is edited to once it is resolved elsewhere or no longer known. */
export const UNAVAILABLE_TEXT = "Unavailable: request a new question.";

function answeredLabels(record: QuestionRecord): string[] {
  const answers = record.answers?.answers ?? {};
  return record.questions.flatMap((question) => {
    if (question.isSecret === true || question.options.length === 0) return [];
    const labels = new Set(question.options.map((option) => option.label));
    return (answers[question.questionId] ?? []).filter((value) => labels.has(value));
  });
}

/** The status line a channel message shows after resolution; free text and secrets are never echoed. */
export function finalizationText(
  record: QuestionRecord,
  options?: { unavailable?: boolean },
): string | null {
  if (options?.unavailable === true) return UNAVAILABLE_TEXT;
  switch (record.status) {
    case "pending":
      return null;
    case "expired":
      return "Expired";
    case "cancelled":
      return "Cancelled";
    case "answered": {
      const labels = answeredLabels(record);
      return labels.length > 0 ? `Answered: ${labels.map(displayText).join(", ")}` : "Answered";
    }
    default:
      return record.status satisfies never;
  }
}
