import { DynamicStructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import { interrupt } from "@langchain/langgraph";
import type { AskUserResult } from "../../protocol/ask-user-result";
import {
  ASK_USER_INPUT_SCHEMA,
  ASK_USER_TOOL_DESCRIPTION,
  type AskUserToolInput,
  checkAskUserToolInput,
  describeRejection,
} from "../../protocol/ask-user-tool-contract";
import { isRecord } from "../../protocol/parse-support";
import { ASK_USER_TOOL_NAME, type HeadlessToolRequest } from "../interrupt-shapes";

/** What the page answers the call with: the chosen labels or typed text per question id, or `no_answer`. */
export type AskUserToolOutput = AskUserResult["json"];

/** Options of the LangChain `askUserTool`. */
export type AskUserToolOptions = {
  /** Replaces the guidance the model reads; the input rules stay the same. */
  description?: string;
};

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** The result a resume carries, or null when it is not one. */
export function readToolOutput(value: unknown): AskUserToolOutput | null {
  if (!isRecord(value)) return null;
  if (value.status === "no_answer" && Object.keys(value).length === 1)
    return { status: "no_answer" };
  if (value.status !== "answered" || !isRecord(value.answers)) return null;
  const answers = value.answers.answers;
  if (!isRecord(answers) || !Object.values(answers).every(isStringList)) return null;
  return { status: "answered", answers: { answers: answers as Record<string, string[]> } };
}

/**
 * The result of a resume: the kit's page sends the result itself; `useStream`'s own headless-tool
 * resume sends it wrapped under the tool call's id, which is unwrapped here so the model reads
 * the same result either way.
 */
function outputOfResume(resume: unknown, toolCallId: string | undefined): AskUserToolOutput {
  const direct = readToolOutput(resume);
  if (direct !== null) return direct;
  if (toolCallId !== undefined && isRecord(resume) && Object.keys(resume).length === 1) {
    const wrapped = readToolOutput(resume[toolCallId]);
    if (wrapped !== null) return wrapped;
  }
  throw new Error("ask_user received an answer it cannot read; carry on with your best judgment.");
}

type ToolCallArgument = { args?: unknown; type?: unknown };

function argsOf(arg: unknown): unknown {
  const call = arg as ToolCallArgument | null;
  return isRecord(call) && call.type === "tool_call" ? call.args : arg;
}

class AskUserLangChainTool extends DynamicStructuredTool {
  // The kit's check runs before LangChain's schema check, so a refused call names each bad
  // field the way the other stacks' `ask_user` does, not only "did not match expected schema".
  override async call(
    arg: Parameters<DynamicStructuredTool["call"]>[0],
    config?: Parameters<DynamicStructuredTool["call"]>[1],
    tags?: string[],
  ): ReturnType<DynamicStructuredTool["call"]> {
    const checked = checkAskUserToolInput(argsOf(arg));
    if (!checked.ok) throw new Error(describeRejection(checked.issues));
    return super.call(arg, config, tags);
  }
}

/**
 * The `ask_user` tool for a LangChain agent (`createAgent({ tools: [askUserTool()] })`): it checks
 * its input, pauses the run with a headless-tool interrupt the page answers in the dock, and
 * returns the page's result as the tool's content: `{"status":"answered",…}` or
 * `{"status":"no_answer"}`, byte for byte.
 */
export function askUserTool(options: AskUserToolOptions = {}): DynamicStructuredTool {
  return new AskUserLangChainTool({
    name: ASK_USER_TOOL_NAME,
    description: options.description ?? ASK_USER_TOOL_DESCRIPTION,
    schema: ASK_USER_INPUT_SCHEMA,
    metadata: { headlessTool: true },
    func: async (input: unknown, _runManager: unknown, config?: ToolRunnableConfig) => {
      const checked = checkAskUserToolInput(input);
      if (!checked.ok) throw new Error(describeRejection(checked.issues));
      const args: AskUserToolInput = checked.value;
      const toolCallId = config?.toolCall?.id;
      const request: HeadlessToolRequest = {
        type: "tool",
        toolCall: { id: toolCallId, name: ASK_USER_TOOL_NAME, args },
      };
      return JSON.stringify(outputOfResume(interrupt(request), toolCallId));
    },
  });
}
