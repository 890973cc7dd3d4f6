import type { MockAgentApi, MockRunEnd } from "./mock-agent";
import type { MockChatMessage } from "./mock-chat";

/** What the agent writes for a model reply: the stored text, and an async question if any. */
export type ReplyRewrite = (text: string) => Pick<MockRunEnd, "text" | "asyncDelivery">;

/** Options of a model-backed agent for the mock gateway. */
export type MockModelAgentOptions = {
  /** An OpenAI-compatible endpoint (ends in `/v1`), such as `startScriptedModel`'s. */
  baseUrl: string;
  /** The model id sent with each request. */
  model?: string;
  /** Turns a reply into the message to store, like a gateway plugin's `before_message_write`. */
  rewriteReply?: ReplyRewrite;
};

const SSE_DATA = /^data: (.*)$/gm;

/** The text of a streamed chat completion (the `delta.content` of every chunk). */
function streamedText(body: string): string {
  let text = "";
  for (const [, data] of body.matchAll(SSE_DATA)) {
    if (data === undefined || data === "[DONE]") continue;
    const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown } }> };
    const content = chunk.choices?.[0]?.delta?.content;
    if (typeof content === "string") text += content;
  }
  return text;
}

/**
 * A minimal agent for the mock gateway: each chat message that starts a turn is sent as the only
 * user message to the model, and its text reply ends the run as the final reply (rewritten first
 * when `rewriteReply` is given). Tool calls are not run. Give `handle` as the mock's
 * `onChatMessage`, and `attach` the mock once it is created.
 */
export function createMockModelAgent(options: MockModelAgentOptions): {
  handle(message: MockChatMessage): void;
  attach(api: MockAgentApi): void;
  /** Settles when every turn started so far has ended. */
  idle(): Promise<void>;
} {
  let api: MockAgentApi | null = null;
  const turns = new Set<Promise<void>>();
  const turn = async (message: MockChatMessage): Promise<void> => {
    const response = await fetch(`${options.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: options.model ?? "scripted-1",
        stream: true,
        messages: [{ role: "user", content: message.message }],
      }),
    });
    const text = streamedText(await response.text());
    const reply = options.rewriteReply?.(text) ?? { text };
    api?.completeRun({ sessionKey: message.sessionKey, runId: message.runId, ...reply });
  };
  return {
    handle: (message) => {
      // A plain-text answer resumes the run that asked, which this agent does not model.
      if (message.answeredQuestionId !== null) return;
      const running = turn(message).catch(() => {
        api?.completeRun({ sessionKey: message.sessionKey, runId: message.runId });
      });
      turns.add(running);
      void running.finally(() => turns.delete(running));
    },
    attach: (agentApi) => {
      api = agentApi;
    },
    idle: async () => {
      await Promise.all([...turns]);
    },
  };
}
