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

type ToolCall = { id: string; name: string; args: unknown };

const isToolCall = (call: unknown): call is ToolCall =>
  isRecord(call) && typeof call.id === "string" && typeof call.name === "string";

/** A message's tool calls: its `tool_calls`, else its `tool_call` content blocks. */
function toolCallsOf(message: unknown): ToolCall[] {
  if (!isRecord(message)) return [];
  if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0)
    return message.tool_calls.filter(isToolCall);
  if (!Array.isArray(message.content)) return [];
  return message.content.filter(
    (block: unknown) => isRecord(block) && block.type === "tool_call" && isToolCall(block),
  ) as ToolCall[];
}

/**
 * The ids of the calls a review shows, in action order, from the last message that made tool
 * calls: matched by name and arguments, else by name (null when none is left).
 */
export function reviewedCallIds(
  actions: ReadonlyArray<{ name: string; args: unknown }>,
  messages: readonly unknown[],
): Array<string | null> {
  const last = [...messages].reverse().find((message) => toolCallsOf(message).length > 0);
  const calls = toolCallsOf(last);
  const used = new Set<string>();
  const take = (match: (call: ToolCall) => boolean): string | null => {
    const call = calls.find((candidate) => !used.has(candidate.id) && match(candidate));
    if (call === undefined) return null;
    used.add(call.id);
    return call.id;
  };
  return actions.map(
    (action) =>
      take(
        (call) =>
          call.name === action.name && JSON.stringify(call.args) === JSON.stringify(action.args),
      ) ?? take((call) => call.name === action.name),
  );
}

/** The tool result a call got in the messages, if any. */
export function toolResultOf(
  toolCallId: string,
  messages: readonly unknown[],
): { status: string } | null {
  const result = messages.find(
    (message) => isRecord(message) && message.tool_call_id === toolCallId,
  );
  if (!isRecord(result)) return null;
  return { status: typeof result.status === "string" ? result.status : "success" };
}

/** The id of the message that made any of these calls, if it has one. */
export function callerIdOf(
  callIds: readonly string[],
  messages: readonly unknown[],
): string | null {
  const caller = messages.find((message) =>
    toolCallsOf(message).some((call) => callIds.includes(call.id)),
  );
  return isRecord(caller) && typeof caller.id === "string" ? caller.id : null;
}

/**
 * Where the message that made a review's calls is: by its id, else as the message holding any of
 * the calls (the middleware rewrites the message, dropping calls, and may keep its id); -1 when
 * the messages do not hold it (not loaded yet).
 */
export function callerIndexOf(
  callIds: readonly string[],
  callerId: string | null,
  messages: readonly unknown[],
): number {
  const byId =
    callerId === null
      ? -1
      : messages.findIndex((message) => isRecord(message) && message.id === callerId);
  if (byId >= 0) return byId;
  return messages.findIndex((message) =>
    toolCallsOf(message).some((call) => callIds.includes(call.id)),
  );
}

/** True when the model spoke after the message at `index`: the run moved past its calls. */
export function modelSpokeAfter(index: number, messages: readonly unknown[]): boolean {
  return messages
    .slice(index + 1)
    .some(
      (message) => isRecord(message) && (message.type === "ai" || message.role === "assistant"),
    );
}
