// A scripted language model for the AI SDK chat of the demo and of `npm run test:ai-sdk`: the
// real `ai` library's mock model, answering from the conversation alone (no network, no key).
// A user's message picks a script by the words it contains; after an `ask_user` result the model
// says what it will do with the answers, or how it carries on without them.
import { randomUUID } from "node:crypto";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { agentPromptFor } from "../../src/demo/shared/agent-prompts";
import type { Question, QuestionAnswers } from "../../src/protocol/types";
import { scenarioScript } from "../demo/scenario-script";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer Part>
    ? Part
    : never;

type LanguageModelV3Prompt = Parameters<MockLanguageModelV3["doStream"]>[0]["prompt"];

/** One `ask_user` call the script makes: the input exactly as a model would write it. */
type ScriptedCall = { input: unknown; onAnswered(answers: QuestionAnswers): string };

/** What the script does for a user's message. */
export type ChatScript = { opening: string; calls: ScriptedCall[] };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** Fallback options for a free-text-only question: `ask_user` asks for 2 to 4. */
const NAME_OPTIONS = [{ label: "my-app" }, { label: "kit-demo" }];

/** The `ask_user` input a model writes for the demo's questions (its own field names). */
export function askUserInputFor(questions: Question[], timeoutSeconds?: number): unknown {
  return {
    questions: questions.map((question) => ({
      id: question.questionId,
      header: question.header,
      question: question.question,
      options: question.options.length >= 2 ? question.options : NAME_OPTIONS,
      ...(question.multiSelect === true ? { multiSelect: true } : {}),
    })),
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
  };
}

/** A call that breaks every rule at once: too many questions and options, a bad id, a huge text. */
export const HOSTILE_INPUT = {
  questions: Array.from({ length: 7 }, (_, index) => ({
    id: index === 0 ? "Bad Id!" : `q_${index}`,
    header: "Pick",
    question: index === 1 ? "x".repeat(100_000) : "Which one?",
    options: Array.from({ length: 9 }, (_, option) => ({ label: `Option ${option + 1}` })),
  })),
};

const scenarioCall = (name: Parameters<typeof scenarioScript>[0]): ScriptedCall => {
  const script = scenarioScript(name);
  return {
    input: askUserInputFor(script.questions, script.timeoutMs / 1000),
    onAnswered: script.onAnswered,
  };
};

/** The script for a user's text: the demo's prompts, two calls at once, and a hostile call. */
export function chatScriptFor(text: string): ChatScript | null {
  const lowered = text.toLowerCase();
  if (lowered.includes("two at once")) {
    return {
      opening: "Two things to settle before I start.",
      calls: [scenarioCall("single"), scenarioCall("multi")],
    };
  }
  if (lowered.includes("bad call")) {
    return {
      opening: "Let me ask that the wrong way first.",
      // The refused call is asked again as the deploy question: its answer gets that reply.
      calls: [{ input: HOSTILE_INPUT, onAnswered: scenarioCall("single").onAnswered }],
    };
  }
  const prompt = agentPromptFor(text);
  if (prompt === undefined) return null;
  return { opening: scenarioScript(prompt.scenario).title, calls: [scenarioCall(prompt.scenario)] };
}

type ToolMessage = Extract<LanguageModelV3Prompt[number], { role: "tool" }>;
type ToolResultPart = Extract<ToolMessage["content"][number], { type: "tool-result" }>;

/** The user's last words and the tool results after them, read from the prompt. */
function readTurn(prompt: LanguageModelV3Prompt): { userText: string; results: ToolResultPart[] } {
  const lastUser = prompt.findLastIndex((message) => message.role === "user");
  const user = prompt[lastUser];
  const userText =
    user?.role === "user"
      ? user.content.map((part) => (part.type === "text" ? part.text : "")).join("")
      : "";
  const results = prompt
    .slice(lastUser + 1)
    .flatMap((message) => (message.role === "tool" ? message.content : []))
    .filter((part): part is ToolResultPart => part.type === "tool-result");
  return { userText, results };
}

function answersOf(result: ToolResultPart): QuestionAnswers | null {
  if (result.output.type !== "json") return null;
  const value = result.output.value as { status?: unknown; answers?: QuestionAnswers } | null;
  return value?.status === "answered" && value.answers !== undefined ? value.answers : null;
}

let callCounter = 0;
// Unique across server restarts: a chat restored from storage must never get a tool call id it
// already holds (the kit never asks an id it has seen end again).
const newCallId = (): string => `call_${randomUUID().replaceAll("-", "").slice(0, 16)}`;

/** The parts of the model's next step for the prompt it was given. */
export function nextStep(prompt: LanguageModelV3Prompt): StreamPart[] {
  const { userText, results } = readTurn(prompt);
  const script = chatScriptFor(userText);
  const text = (value: string): StreamPart[] => {
    const id = `text_${++callCounter}`;
    return [
      { type: "text-start", id },
      { type: "text-delta", id, delta: value },
      { type: "text-end", id },
    ];
  };
  const finish = (reason: "stop" | "tool-calls"): StreamPart => ({
    type: "finish",
    finishReason: { unified: reason, raw: reason },
    usage,
  });
  if (script === null)
    return [
      ...text("Ask me to deploy, to run the checks, to set up the project, or for two at once."),
      finish("stop"),
    ];
  if (results.length === 0) {
    const calls: StreamPart[] = script.calls.map((call) => ({
      type: "tool-call",
      toolCallId: newCallId(),
      toolName: "ask_user",
      input: JSON.stringify(call.input),
    }));
    return [...text(script.opening), ...calls, finish("tool-calls")];
  }
  const refused = results.find((result) => result.output.type === "error-text");
  if (refused !== undefined && results.length === 1 && script.calls[0]?.input === HOSTILE_INPUT) {
    // The model acts on the field errors: it asks again within the rules.
    const retry = scenarioCall("single");
    return [
      ...text("The tool refused my call; asking properly now."),
      {
        type: "tool-call",
        toolCallId: newCallId(),
        toolName: "ask_user",
        input: JSON.stringify(retry.input),
      },
      finish("tool-calls"),
    ];
  }
  const answered = results.filter((result) => result.output.type !== "error-text");
  const replies = answered.map((result, index) => {
    const answers = answersOf(result);
    const call = script.calls[index] ?? scenarioCall("single");
    return answers === null
      ? "No answer, so I will go with my best judgment."
      : call.onAnswered(answers);
  });
  return [...text(replies.join(" ")), finish("stop")];
}

/** The scripted model; `doStreamCalls` keeps every prompt it received, as sent. */
export function createScriptedChatModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async (options) => ({
      stream: convertArrayToReadableStream<StreamPart>([
        { type: "stream-start", warnings: [] },
        ...nextStep(options.prompt),
      ]),
    }),
  });
}
