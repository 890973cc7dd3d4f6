import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted turn: a prompt it answers, the `ask_user` input it calls the tool with, its reply. */
export type ModelScenario = {
  /** Picks the turn by the user's text (the prompt, without the gateway's time prefix). */
  matches(prompt: string): boolean;
  /** The `ask_user` tool input; null to answer with `reply` straight away. */
  askUser: Record<string, unknown> | null;
  /** The final text, given the text of the tool result (or null when no tool was called). */
  reply(toolResult: string | null): string;
};

/** What the agent sent back as one tool result, as the model received it. */
export type ReceivedToolResult = {
  toolCallId: string;
  /** The message's content exactly as sent. */
  content: string;
  /** The tool's own text: `content`, or the text inside the Tool Search `tool_call` envelope. */
  text: string;
};

/** A running scripted model: an OpenAI-compatible `/v1/chat/completions` on loopback. */
export type ScriptedModel = {
  /** `baseUrl` for the gateway's provider config (ends in `/v1`). */
  readonly baseUrl: string;
  /** Every request body, in order. */
  readonly requests: readonly unknown[];
  /** Every tool result the agent sent, in order. */
  readonly toolResults: readonly ReceivedToolResult[];
  close(): Promise<void>;
};

type ChatMessage = {
  role?: string;
  content?: unknown;
  tool_call_id?: string;
};

type ChatRequest = { messages?: ChatMessage[]; tools?: Array<{ function?: { name?: string } }> };

const INTERNAL_CONTEXT_START = "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>";
// The gateway prefixes each user prompt with its time, "[Tue 2026-12-01 08:12 UTC] deploy".
const TIMED_PREFIX = /^\[[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} [^\]]*\] ?/m;
// Paragraphs the gateway adds to a prompt: sender metadata for web chat clients, and the runtime
// line of a session's first prompt.
const GATEWAY_PARAGRAPH = /^(?:Conversation info:|Runtime: )/;
const ASK_USER = "ask_user";
const TOOL_SEARCH_CALL = "tool_call";

/** The text of a message's content: a string, or the text parts of an array. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: unknown) =>
      typeof part === "object" && part !== null && "text" in part && typeof part.text === "string"
        ? part.text
        : "",
    )
    .join("");
}

/** The tool's own text inside a Tool Search envelope, else the content itself. */
function innerToolText(content: string): string {
  try {
    const envelope: unknown = JSON.parse(content);
    if (typeof envelope !== "object" || envelope === null || !("result" in envelope))
      return content;
    const text = textOf((envelope.result as { content?: unknown } | null)?.content);
    return text === "" ? content : text;
  } catch {
    return content;
  }
}

/** The conversation without the gateway's internal-context block. */
function conversation(request: ChatRequest): ChatMessage[] {
  return (request.messages ?? []).filter(
    (message) =>
      !(message.role === "user" && textOf(message.content).includes(INTERNAL_CONTEXT_START)),
  );
}

/**
 * The user's text of the turn: the last user message after the gateway's time prefix, without the
 * blocks the gateway adds around it (a "Conversation info" block for web chat clients, and a
 * "Runtime: ..." paragraph on a session's first prompt).
 */
function promptOf(messages: readonly ChatMessage[]): string {
  const last = [...messages].reverse().find((message) => message.role === "user");
  const text = textOf(last?.content);
  const timed = TIMED_PREFIX.exec(text);
  const body = timed === null ? text : text.slice(timed.index + timed[0].length);
  return body
    .split(/\n\s*\n/)
    .filter((paragraph) => !GATEWAY_PARAGRAPH.test(paragraph.trim()))
    .join("\n\n")
    .trim();
}

function offersTool(request: ChatRequest, name: string): boolean {
  return (request.tools ?? []).some((tool) => tool.function?.name === name);
}

function chunk(id: string, delta: Record<string, unknown>, finishReason: string | null): string {
  const body = {
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "scripted-1",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function streamText(response: ServerResponse, id: string, text: string): void {
  response.write(chunk(id, { role: "assistant", content: text }, null));
  response.write(chunk(id, {}, "stop"));
}

function streamToolCall(
  response: ServerResponse,
  id: string,
  callId: string,
  name: string,
  args: unknown,
): void {
  const call = {
    index: 0,
    id: callId,
    type: "function",
    function: { name, arguments: JSON.stringify(args) },
  };
  response.write(chunk(id, { role: "assistant", content: null, tool_calls: [call] }, null));
  response.write(chunk(id, {}, "tool_calls"));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/**
 * Starts a scripted model on 127.0.0.1 (a free port). A turn whose prompt a scenario matches calls
 * `ask_user` (directly, or through Tool Search's `tool_call` when only that is offered); once the
 * tool result arrives the scenario's reply follows. Other prompts get a short plain reply.
 */
export async function startScriptedModel(
  scenarios: readonly ModelScenario[],
): Promise<ScriptedModel> {
  const requests: unknown[] = [];
  const toolResults: ReceivedToolResult[] = [];
  let calls = 0;

  const answer = (request: ChatRequest, response: ServerResponse): void => {
    const messages = conversation(request);
    const last = messages.at(-1);
    const prompt = promptOf(messages);
    const scenario = scenarios.find((candidate) => candidate.matches(prompt));
    calls += 1;
    const id = `chatcmpl-scripted-${calls}`;
    if (last?.role === "tool") {
      const content = textOf(last.content);
      const text = innerToolText(content);
      toolResults.push({ toolCallId: last.tool_call_id ?? "", content, text });
      streamText(response, id, scenario?.reply(text) ?? `Noted: ${text}`);
      return;
    }
    if (scenario === undefined || scenario.askUser === null) {
      streamText(response, id, scenario?.reply(null) ?? `You said: ${prompt}`);
      return;
    }
    const callId = `call_scripted_${calls}`;
    if (offersTool(request, ASK_USER)) {
      streamToolCall(response, id, callId, ASK_USER, scenario.askUser);
    } else if (offersTool(request, TOOL_SEARCH_CALL)) {
      streamToolCall(response, id, callId, TOOL_SEARCH_CALL, {
        id: ASK_USER,
        args: scenario.askUser,
      });
    } else {
      streamText(response, id, "The ask_user tool is not offered to me.");
    }
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ error: { message: `no route ${request.method} ${request.url}` } }),
        );
        return;
      }
      let body: ChatRequest;
      try {
        body = JSON.parse(await readBody(request)) as ChatRequest;
      } catch {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "the body must be JSON" } }));
        return;
      }
      requests.push(body);
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      answer(body, response);
      response.end("data: [DONE]\n\n");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    toolResults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
