import { type JSONSchema7, jsonSchema, type Tool, TypeValidationError, tool } from "ai";
import type { AskUserResult } from "../protocol/ask-user-result";
import {
  ASK_USER_INPUT_SCHEMA,
  ASK_USER_OUTPUT_SCHEMA,
  ASK_USER_TOOL_DESCRIPTION,
  type AskUserToolInput,
  checkAskUserToolInput,
  describeRejection,
} from "../protocol/ask-user-tool-contract";
import type { ParseIssue } from "../protocol/types";

export {
  type AskUserToolInput,
  type AskUserToolQuestion,
  MAX_ASK_USER_TEXT_LENGTH,
} from "../protocol/ask-user-tool-contract";

/** What the page answers the call with: the chosen labels or typed text per question id, or `no_answer`. */
export type AskUserToolOutput = AskUserResult["json"];

/** Options of `askUserTool`. */
export type AskUserToolOptions = {
  /** Replaces the guidance the model reads; the input rules stay the same. */
  description?: string;
};

type Validation = { success: true; value: AskUserToolInput } | { success: false; error: Error };

/**
 * The error of a rejected call, whose message is the field list alone. The AI SDK wraps any other
 * error of `validate` in a `TypeValidationError` whose message quotes the whole input
 * (`Value: {…}`), and that message is the `error-text` the model reads back: a 100 KB call would
 * cost its size again, what the size check below exists to prevent. `TypeValidationError.wrap`
 * keeps an error that already is one for the same value, so the SDK passes this one on as it is.
 */
function rejection(value: unknown, issues: readonly ParseIssue[]): Error {
  const error = new TypeValidationError({ value, cause: undefined });
  error.message = describeRejection(issues);
  return error;
}

function validate(value: unknown): Validation {
  const checked = checkAskUserToolInput(value);
  return checked.ok
    ? { success: true, value: checked.value }
    : { success: false, error: rejection(value, checked.issues) };
}

/** The `ask_user` tool for `streamText` / `generateText`; it has no `execute`, the page answers it. */
export function askUserTool(
  options: AskUserToolOptions = {},
): Tool<AskUserToolInput, AskUserToolOutput> {
  return tool({
    description: options.description ?? ASK_USER_TOOL_DESCRIPTION,
    inputSchema: jsonSchema<AskUserToolInput>(ASK_USER_INPUT_SCHEMA as JSONSchema7, { validate }),
    // Declared, not only for the page's types: a tool with neither `execute` nor an output type
    // is typed `Tool<Input, never>`, which `streamText` rejects under exactOptionalPropertyTypes.
    outputSchema: jsonSchema<AskUserToolOutput>(ASK_USER_OUTPUT_SCHEMA as JSONSchema7),
  });
}
