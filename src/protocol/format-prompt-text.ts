import { displayText } from "./display-text";
import type { Question } from "./types";

const DEFAULT_INTRO = "Question for you:";
const OTHER_LINE = "Other: reply with your own answer.";
const SECRET_WARNING = "This channel may show your reply to other participants.";

/** The one guidance line that ends a plain-text prompt. */
export function replyGuidance(questions: Question[]): string {
  const [question] = questions;
  if (questions.length !== 1 || question === undefined) {
    return "Reply by number or question id. Use a declared option where choices are fixed.";
  }
  if (question.options.length === 0) return "Reply with your answer.";
  if (question.multiSelect === true) {
    return "Reply with comma-separated option numbers or text, or your own answer.";
  }
  return question.isOther === true
    ? "Reply with the number, the option text, or your own answer."
    : "Reply with the number or option text.";
}

/**
 * The plain-text prompt every text channel shows, ending with the guidance line. The agent's texts
 * are shown without direction controls, which would reorder them in the channel.
 */
export function formatPromptText(questions: Question[], options?: { intro?: string }): string {
  const lines = [options?.intro ?? DEFAULT_INTRO];
  questions.forEach((question, index) => {
    const header = questions.length > 1 ? `${index + 1}. ${question.header}` : question.header;
    lines.push("", header, question.question);
    if (question.isSecret === true) lines.push(SECRET_WARNING);
    question.options.forEach((option, optionIndex) => {
      const description = option.description?.trim() ? ` - ${option.description}` : "";
      lines.push(`${optionIndex + 1}. ${option.label}${description}`);
    });
    if (question.isOther === true) lines.push(OTHER_LINE);
  });
  return displayText(`${lines.join("\n")}\n\n${replyGuidance(questions)}`);
}
