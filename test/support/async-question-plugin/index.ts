// A gateway plugin for tests: an assistant reply that starts with the ASYNCQ marker is stored as
// an async question (`openclawAsyncDelivery`) with only its visible text, the way a Codex harness
// question arrives. Loaded through `plugins.load.paths`; it has no other effect.
import { parseAsyncQuestionReply } from "./reply";

type TextPart = { type: string; text?: string };
type WrittenMessage = { role?: string; content?: unknown; [field: string]: unknown };
type HookApi = {
  on(
    hook: "before_message_write",
    handler: (event: { message: WrittenMessage }) => { message: WrittenMessage } | undefined,
  ): void;
};

function firstText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const part = (content as TextPart[]).find((candidate) => candidate.type === "text");
  return typeof part?.text === "string" ? part.text : null;
}

function asAsyncQuestion(message: WrittenMessage): WrittenMessage | undefined {
  if (message.role !== "assistant") return undefined;
  const text = firstText(message.content);
  const marked = text === null ? null : parseAsyncQuestionReply(text);
  if (marked === null) return undefined;
  return {
    ...message,
    content: [{ type: "text", text: marked.visibleText }],
    openclawAsyncDelivery: marked.delivery,
  };
}

export default {
  id: "ask-user-kit-async-questions",
  name: "ask-user-kit async questions (tests)",
  description: "Turns a marked assistant reply into an async question message.",
  register(api: HookApi): void {
    // Synchronous on purpose: the gateway ignores a promise from this hook.
    api.on("before_message_write", (event) => {
      const message = asAsyncQuestion(event.message);
      return message === undefined ? undefined : { message };
    });
  },
};
