/**
 * The scripted language model behind the CopilotKit server's agents: it reads the prompt it gets
 * (the last user message and the tool results after it) and streams LanguageModelV3 parts, with
 * no network. A user message `ask:<scenario>` makes it call `ask_user`; once every call of that
 * turn has a result in the prompt, it replies `Got <toolCallId>: <result>` and stops.
 */
import { randomUUID } from "node:crypto";

export const ASK_USER_TOOL = "ask_user";

export const DEPLOY_QUESTION = {
  id: "deploy_target",
  header: "Deploy",
  question: "Where should I deploy?",
  options: [{ label: "Staging (Recommended)", description: "Safe" }, { label: "Production" }],
} as const;

export const DEPLOY_ARGUMENTS = { questions: [DEPLOY_QUESTION], timeoutSeconds: 120 } as const;

export const SECOND_QUESTION = {
  id: "notify_team",
  header: "Notify",
  question: "Should I tell the team?",
  options: [{ label: "Yes (Recommended)" }, { label: "No" }],
} as const;

export const HOSTILE_LABEL_LENGTH = 3000;
export const HOSTILE_QUESTION_COUNT = 7;

/** The stream parts this model writes (a subset of LanguageModelV3StreamPart). */
export type ScriptedStreamPart =
  | { type: "stream-start"; warnings: [] }
  | { type: "text-start"; id: string }
  | { type: "text-delta"; id: string; delta: string }
  | { type: "text-end"; id: string }
  | { type: "tool-input-start"; id: string; toolName: string }
  | { type: "tool-input-delta"; id: string; delta: string }
  | { type: "tool-input-end"; id: string }
  | { type: "tool-call"; toolCallId: string; toolName: string; input: string }
  | { type: "finish"; finishReason: FinishReason; usage: typeof ZERO_USAGE };

type FinishReason = { unified: "stop" | "tool-calls"; raw: string };

const ZERO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** A tool result in the prompt: `output` is the value the model got (text as is, JSON parsed). */
export type SeenToolResult = { toolCallId: string; output: unknown };

type PromptPart = Record<string, unknown>;
type PromptMessage = { role: string; parts: PromptPart[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function promptMessages(prompt: unknown): PromptMessage[] {
  if (!Array.isArray(prompt)) return [];
  return prompt.filter(isRecord).map((message) => ({
    role: typeof message.role === "string" ? message.role : "",
    parts: Array.isArray(message.content) ? message.content.filter(isRecord) : [],
  }));
}

function partsOfType(messages: PromptMessage[], type: string): PromptPart[] {
  return messages.flatMap((message) => message.parts.filter((part) => part.type === type));
}

function outputValue(output: unknown): unknown {
  return isRecord(output) && "value" in output ? output.value : output;
}

function resultsOf(messages: PromptMessage[]): SeenToolResult[] {
  return partsOfType(messages, "tool-result").map((part) => ({
    toolCallId: typeof part.toolCallId === "string" ? part.toolCallId : "",
    output: outputValue(part.output),
  }));
}

/** Every tool result in the prompt, in prompt order. */
export function toolResultsIn(prompt: unknown): SeenToolResult[] {
  return resultsOf(promptMessages(prompt));
}

function lastUserIndex(messages: PromptMessage[]): number {
  return messages.findLastIndex((message) => message.role === "user");
}

function userText(message: PromptMessage | undefined): string {
  return (message?.parts ?? [])
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("");
}

function askUserCallIds(messages: PromptMessage[]): string[] {
  return partsOfType(messages, "tool-call")
    .filter((part) => part.toolName === ASK_USER_TOOL && typeof part.toolCallId === "string")
    .map((part) => String(part.toolCallId));
}

function renderResult(output: unknown): string {
  return typeof output === "string" ? output : JSON.stringify(output);
}

function textReply(text: string): ScriptedStreamPart[] {
  const id = `msg_${randomUUID()}`;
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id },
    { type: "text-delta", id, delta: text },
    { type: "text-end", id },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: ZERO_USAGE },
  ];
}

function chunks(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size)
    pieces.push(text.slice(start, start + size));
  return pieces;
}

// The runtime pairs `tool-input-*` with `tool-call` by id: a different id ends the run in
// RUN_ERROR INCOMPLETE_STREAM, so one id serves both.
function toolCallParts(argumentsText: string): ScriptedStreamPart[] {
  const id = `call_${randomUUID()}`;
  return [
    { type: "tool-input-start", id, toolName: ASK_USER_TOOL },
    ...chunks(argumentsText, 256).map(
      (delta): ScriptedStreamPart => ({
        type: "tool-input-delta",
        id,
        delta,
      }),
    ),
    { type: "tool-input-end", id },
    { type: "tool-call", toolCallId: id, toolName: ASK_USER_TOOL, input: argumentsText },
  ];
}

function toolCallsReply(argumentTexts: string[]): ScriptedStreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    ...argumentTexts.flatMap(toolCallParts),
    {
      type: "finish",
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage: ZERO_USAGE,
    },
  ];
}

function hostileQuestion(index: number): Record<string, unknown> {
  const longLabel = "L".repeat(HOSTILE_LABEL_LENGTH);
  return {
    id: `hostile_${index}`,
    header: `Hostile ${index}`,
    question: `Hostile question ${index}?`,
    options: [{ label: index === 1 ? longLabel : "Yes" }, { label: "No" }],
  };
}

/**
 * Breaks the ask_user rules three ways: too many questions, a label far over 64 characters, and
 * a `__proto__` key written raw into the JSON text (JSON.stringify would never write one).
 */
export function hostileArgumentsText(): string {
  const questions = Array.from({ length: HOSTILE_QUESTION_COUNT }, (_, index) =>
    JSON.stringify(hostileQuestion(index)),
  );
  questions[0] = `{"__proto__":{"polluted":true},${String(questions[0]).slice(1)}`;
  return `{"questions":[${questions.join(",")}],"timeoutSeconds":120}`;
}

/** The ask_user arguments (JSON texts, one per call) of a scenario, or null when unknown. */
export function scenarioArguments(scenario: string): string[] | null {
  if (scenario === "deploy") return [JSON.stringify(DEPLOY_ARGUMENTS)];
  if (scenario === "hostile") return [hostileArgumentsText()];
  if (scenario === "two")
    return [
      JSON.stringify(DEPLOY_ARGUMENTS),
      JSON.stringify({ questions: [SECOND_QUESTION], timeoutSeconds: 120 }),
    ];
  return null;
}

function answeredReply(callIds: string[], results: SeenToolResult[]): ScriptedStreamPart[] | null {
  const lines = callIds.flatMap((id) =>
    results
      .filter((result) => result.toolCallId === id)
      .map((result) => `Got ${id}: ${renderResult(result.output)}`),
  );
  return lines.length > 0 ? textReply(lines.join("\n")) : null;
}

/** What the model streams for `prompt`. */
export function scriptedReply(prompt: unknown): ScriptedStreamPart[] {
  const messages = promptMessages(prompt);
  const userIndex = lastUserIndex(messages);
  const sinceUser = messages.slice(userIndex + 1);
  const answered = answeredReply(askUserCallIds(sinceUser), resultsOf(sinceUser));
  if (answered) return answered;
  const text = userText(messages[userIndex]).trim();
  if (!text.startsWith("ask:")) return textReply("Say ask:deploy, ask:hostile or ask:two.");
  const argumentTexts = scenarioArguments(text.slice("ask:".length));
  return argumentTexts
    ? toolCallsReply(argumentTexts)
    : textReply(`Unknown scenario: ${text.slice("ask:".length)}`);
}

/** A ReadableStream of `parts`, as a LanguageModelV3 `doStream` returns. */
export function streamOf(parts: ScriptedStreamPart[]): ReadableStream<ScriptedStreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}
