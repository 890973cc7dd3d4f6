import {
  askUserInputOf as askUserInputOfCall,
  readAskUserOutcome,
} from "../../protocol/ask-user-tool-result";
import { normalizeAskUserInput } from "../../protocol/normalize-ask-user-input";
import { isRecord as isRow } from "../../protocol/parse-support";
import type { QuestionRecord } from "../../protocol/types";
import type { ToolResultProps } from "../control-ui-host";

/** The `ask_user` input of a tool result: direct, or inside Tool Search's `tool_call`; else null. */
export const askUserInputOf = (props: Pick<ToolResultProps, "toolName" | "input">): unknown =>
  askUserInputOfCall(props.toolName, props.input);

/**
 * The record an `ask_user` tool result stands for, built from the tool input and the result's
 * `details`; null while the tool runs or when the input cannot be read.
 */
export function recordOfToolResult(props: ToolResultProps): QuestionRecord | null {
  const input = normalizeAskUserInput(askUserInputOf(props));
  if (!input.ok || !isRow(props.output) || props.output.completed !== true) return null;
  const text = typeof props.output.text === "string" ? props.output.text : "";
  const outcome = readAskUserOutcome(text, props.output.details);
  const base = {
    id: props.toolCallId,
    questions: input.value.questions,
    sessionKey: props.sessionKey,
    createdAtMs: 0,
    expiresAtMs: 0,
  };
  return { ...base, ...outcome };
}
