// The model the README's chat-route.ts imports, as the consumer test supplies it: `ai/test`'s
// mock model. Asked anything, it calls `ask_user` once (where build 1.4.2 should go); given the
// tool's result, it replies with the answer and the result exactly as it received it.
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";

type Prompt = Parameters<MockLanguageModelV3["doStream"]>[0]["prompt"];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer Part>
    ? Part
    : never;

/** The `ask_user` input, as a model writes it. */
export const ASK_USER_INPUT = {
  questions: [
    {
      id: "deploy_target",
      header: "Deploy",
      question: "Where should build 1.4.2 go?",
      options: [
        { label: "Staging (Recommended)", description: "Try it on staging first." },
        { label: "Production" },
      ],
    },
  ],
  timeoutSeconds: 300,
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function text(id: string, value: string): StreamPart[] {
  return [
    { type: "text-start", id },
    { type: "text-delta", id, delta: value },
    { type: "text-end", id },
  ];
}

/** The `ask_user` result in the prompt, or undefined before the page answered. */
function askUserResult(prompt: Prompt): unknown {
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result" || part.toolName !== "ask_user") continue;
      return part.output.type === "json" ? part.output.value : part.output;
    }
  }
  return undefined;
}

function nextStep(prompt: Prompt): StreamPart[] {
  const result = askUserResult(prompt);
  if (result === undefined) {
    return [
      ...text("opening", "Before I deploy: one question."),
      {
        type: "tool-call",
        toolCallId: "call_deploy_target",
        toolName: "ask_user",
        input: JSON.stringify(ASK_USER_INPUT),
      },
      { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
    ];
  }
  const answers = (result as { answers?: { answers?: Record<string, string[]> } }).answers;
  const target = answers?.answers?.deploy_target?.[0] ?? "nowhere (no answer)";
  return [
    ...text(
      "reply",
      `Deploying build 1.4.2 to ${target}. ask_user returned ${JSON.stringify(result)}`,
    ),
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

export const model = new MockLanguageModelV3({
  doStream: async ({ prompt }) => ({
    stream: convertArrayToReadableStream<StreamPart>([
      { type: "stream-start", warnings: [] },
      ...nextStep(prompt),
    ]),
  }),
});
