import type { UIMessage } from "ai";

/** The tool's name in `streamText({ tools })` unless the host names it otherwise. */
export const AI_SDK_TOOL_NAME = "ask_user";

/** The fields of an `ask_user` tool part that the kit reads: a static or a dynamic tool part. */
export type AskUserPart = {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
};

/** States after which a tool call waits for nothing more. */
const ENDED_STATES = new Set(["output-available", "output-error", "output-denied"]);

/** True when the call has ended: answered, failed or denied. */
export function isEndedPart(part: AskUserPart): boolean {
  return ENDED_STATES.has(part.state);
}

/** True for a part of `message` that calls the tool `toolName`, static (`tool-ask_user`) or dynamic. */
export function isAskUserPart(
  part: UIMessage["parts"][number],
  toolName: string = AI_SDK_TOOL_NAME,
): part is UIMessage["parts"][number] & AskUserPart {
  if (part.type === `tool-${toolName}`) return true;
  return part.type === "dynamic-tool" && part.toolName === toolName;
}

/** The message's `ask_user` parts, in the order the model called them. */
export function askUserPartsOf(message: UIMessage, toolName: string): AskUserPart[] {
  return message.parts.filter((part) => isAskUserPart(part, toolName)) as AskUserPart[];
}
