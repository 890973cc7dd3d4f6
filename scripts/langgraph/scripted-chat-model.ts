// A scripted chat model for the local LangGraph server: it answers from the conversation alone,
// so one instance serves any number of threads (the packaged fakes count calls per process).
//   - last message a human `/call <tool> <json>` (`;;` between several) → those tool calls;
//   - last messages tool results → a text quoting each result byte for byte;
//   - otherwise → the human's last text, echoed.
import {
  BaseChatModel,
  type BaseChatModelParams,
} from "@langchain/core/language_models/chat_models";
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  type MessageContent,
  type ToolCall,
  ToolMessage,
} from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

const CALL_PREFIX = "/call";

// Unique across threads and restarts: a resumed thread must never see an id twice.
// The global `crypto`, not node:crypto: test:consumer saves this file into a host's app as is.
const newCallId = (): string => `call_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

/** The tool calls a human text asks for, or a reason it cannot be read. */
export function parseCalls(text: string): ToolCall[] | { error: string } {
  const calls: ToolCall[] = [];
  for (const part of text.split(";;")) {
    const match = /^\s*\/call\s+(\S+)\s*([\s\S]*)$/.exec(part);
    if (match === null) return { error: `not a call: ${part.trim()}` };
    const [, name = "", json = ""] = match;
    let args: unknown;
    try {
      args = json.trim() === "" ? {} : JSON.parse(json);
    } catch (error) {
      return { error: `bad JSON for ${name}: ${error instanceof Error ? error.message : error}` };
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return { error: `arguments of ${name} must be a JSON object` };
    }
    calls.push({ id: newCallId(), name, args: args as Record<string, unknown>, type: "tool_call" });
  }
  return calls;
}

/** A tool result exactly as the model received it: a string as is, blocks as JSON. */
const contentText = (content: MessageContent): string =>
  typeof content === "string" ? content : JSON.stringify(content);

/** The model's next message for a conversation. */
export function nextMessage(messages: BaseMessage[]): AIMessage {
  const last = messages.at(-1);
  if (last !== undefined && ToolMessage.isInstance(last)) {
    const lastCalls = messages.findLastIndex(
      (message) => AIMessage.isInstance(message) && (message.tool_calls?.length ?? 0) > 0,
    );
    const caller = messages[lastCalls];
    const callNames = new Map(
      (caller !== undefined && AIMessage.isInstance(caller) ? (caller.tool_calls ?? []) : []).map(
        (call) => [call.id, call.name],
      ),
    );
    const quotes = messages
      .slice(lastCalls + 1)
      .filter((message) => ToolMessage.isInstance(message))
      .map((result) => {
        const name = result.name ?? callNames.get(result.tool_call_id) ?? "unknown";
        return `tool ${name} said: ${contentText(result.content)}`;
      });
    return new AIMessage(quotes.join("\n"));
  }
  const human = messages.findLast((message) => HumanMessage.isInstance(message));
  const text = human?.text ?? "";
  if (last === human && text.trimStart().startsWith(CALL_PREFIX)) {
    const calls = parseCalls(text);
    if ("error" in calls) return new AIMessage(calls.error);
    return new AIMessage({ content: "", tool_calls: calls });
  }
  return new AIMessage(text);
}

/** Stateless: every answer depends on the messages it is given, nothing else. */
export class ScriptedChatModel extends BaseChatModel {
  constructor(fields: BaseChatModelParams = {}) {
    super(fields);
  }

  _llmType(): string {
    return "scripted";
  }

  // Tool calls come from the script, so the tool list changes nothing.
  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = nextMessage(messages);
    return { generations: [{ message, text: message.text }] };
  }
}
