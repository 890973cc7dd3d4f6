import { readAskUserOutcome } from "../protocol/ask-user-tool-result";
import { isRecord } from "../protocol/parse-support";
import type { QuestionAnswers } from "../protocol/types";

type Outcome =
  | { status: "answered"; answers: QuestionAnswers }
  | { status: "cancelled" | "expired" };

/** A message's text: a string, or its text blocks (`[{type:"text",text}]`) joined. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => (isRecord(block) && typeof block.text === "string" ? block.text : ""))
    .join("");
}

/**
 * How a question that left the thread ended, from the tool result its call got in the messages
 * (answered in another tab); a review or a call with no result counts as cancelled here.
 */
export function toolOutcomeOf(toolCallId: string | null, messages: readonly unknown[]): Outcome {
  if (toolCallId === null) return { status: "cancelled" };
  const result = messages.find(
    (message) => isRecord(message) && message.tool_call_id === toolCallId,
  );
  if (!isRecord(result)) return { status: "cancelled" };
  const outcome = readAskUserOutcome(textOf(result.content));
  return outcome.status === "answered" ? outcome : { status: outcome.status };
}
