// Reads an `ask_user` tool call and its result back, as OpenClaw's chat history and Control UI
// hand them over: the reverse of `toAskUserResult`.
import { isRecord as isRow } from "./parse-support";
import type { QuestionAnswers } from "./types";

const ASK_USER = "ask_user";
const TOOL_SEARCH_CALL = "tool_call";
const EXPIRED_TEXT = /^No answer arrived/;

type Row = Record<string, unknown>;

/** The `ask_user` input of a tool call: direct, or inside Tool Search's `tool_call`; else null. */
export function askUserInputOf(toolName: unknown, input: unknown): unknown {
  if (toolName === ASK_USER) return input;
  if (toolName === TOOL_SEARCH_CALL && isRow(input) && input.id === ASK_USER) return input.args;
  return null;
}

/** How an `ask_user` call ended, as its result says. */
export type AskUserOutcome =
  | { status: "answered"; answers: QuestionAnswers }
  | { status: "cancelled" | "expired" };

function answersOf(value: unknown): QuestionAnswers | null {
  if (!isRow(value)) return null;
  const inner = isRow(value.answers) ? value.answers : value;
  const entries = Object.entries(inner).filter(
    (entry): entry is [string, string[]] =>
      Array.isArray(entry[1]) && entry[1].every((item) => typeof item === "string"),
  );
  return { answers: Object.fromEntries(entries) };
}

/** The JSON block the tool result text ends with (`{"status": ...}`), or an empty object. */
function resultJsonOf(text: string): Row {
  const start = text.indexOf("\n{");
  const json = start === -1 ? (text.startsWith("{") ? text : "") : text.slice(start + 1);
  try {
    const value: unknown = JSON.parse(json);
    return isRow(value) ? value : {};
  } catch {
    return {};
  }
}

/** The text blocks of a tool result's `content`, joined. */
function textOfBlocks(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .filter((block): block is Row => isRow(block) && typeof block.text === "string")
    .map((block) => String(block.text))
    .join("");
}

type Result = { text: string; details: Row };

/** The result inside Tool Search's envelope, read back as text (`{tool, result}`), or as is. */
function unwrapped(result: Result): Result {
  if (typeof result.details.status === "string") return result;
  const envelope = resultJsonOf(result.text);
  if (!isRow(envelope.result)) return result;
  const { content, details } = envelope.result;
  return unwrapped({ text: textOfBlocks(content), details: isRow(details) ? details : {} });
}

/**
 * The outcome of an `ask_user` result: from its `details` (a live result, possibly inside Tool
 * Search's envelope) or else from the JSON its text ends with (a result read back from history,
 * possibly Tool Search's envelope as text). A result that is neither (an aborted run's repair
 * text) reads as cancelled.
 */
export function readAskUserOutcome(text: string, details?: unknown): AskUserOutcome {
  const row = isRow(details) ? details : {};
  const inner = isRow(row.result) && isRow(row.result.details) ? row.result.details : row;
  const result = unwrapped({ text, details: inner });
  const nested =
    typeof result.details.status === "string" ? result.details : resultJsonOf(result.text);
  const answers = answersOf(nested.answers);
  if (nested.status === "answered" && answers !== null) return { status: "answered", answers };
  return { status: EXPIRED_TEXT.test(result.text) ? "expired" : "cancelled" };
}
