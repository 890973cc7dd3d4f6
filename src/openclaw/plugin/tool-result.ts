import { normalizeAskUserInput } from "../../protocol/normalize-ask-user-input";
import type { QuestionAnswers, QuestionRecord } from "../../protocol/types";
import type { ToolResultProps } from "../control-ui-host";

const ASK_USER = "ask_user";
const TOOL_SEARCH_CALL = "tool_call";
const EXPIRED_TEXT = /^No answer arrived/;

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `ask_user` input of a tool result: direct, or inside Tool Search's `tool_call`; else null. */
export function askUserInputOf(props: Pick<ToolResultProps, "toolName" | "input">): unknown {
  if (props.toolName === ASK_USER) return props.input;
  if (props.toolName === TOOL_SEARCH_CALL && isRow(props.input) && props.input.id === ASK_USER)
    return props.input.args;
  return null;
}

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

/**
 * The record an `ask_user` tool result stands for, built from the tool input and the result's
 * `details`; null while the tool runs or when the input cannot be read.
 */
export function recordOfToolResult(props: ToolResultProps): QuestionRecord | null {
  const input = normalizeAskUserInput(askUserInputOf(props));
  if (!input.ok || !isRow(props.output) || props.output.completed !== true) return null;
  const text = typeof props.output.text === "string" ? props.output.text : "";
  const details = isRow(props.output.details) ? props.output.details : {};
  const inner =
    isRow(details.result) && isRow(details.result.details) ? details.result.details : details;
  // A result read back from the history may come without details: its text has the same JSON.
  const nested = typeof inner.status === "string" ? inner : resultJsonOf(text);
  const answers = answersOf(nested.answers);
  const base = {
    id: props.toolCallId,
    questions: input.value.questions,
    sessionKey: props.sessionKey,
    createdAtMs: 0,
    expiresAtMs: 0,
  };
  if (nested.status === "answered" && answers !== null) {
    return { ...base, status: "answered", answers };
  }
  return { ...base, status: EXPIRED_TEXT.test(text) ? "expired" : "cancelled" };
}
