import {
  generateText,
  InvalidToolInputError,
  stepCountIs,
  streamText,
  type UIMessageChunk,
} from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { askUserTool } from "../../src/ai-sdk/ask-user-tool";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer Part>
    ? Part
    : never;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function question(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "deploy_target",
    header: "Target",
    question: "Where should this deploy?",
    options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
    ...overrides,
  };
}

/** A model that calls ask_user with `input` first, then answers in text. */
function modelCalling(input: unknown): MockLanguageModelV3 {
  let calls = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      calls += 1;
      return calls === 1
        ? {
            content: [
              {
                type: "tool-call",
                toolCallId: "call_1",
                toolName: "ask_user",
                input: JSON.stringify(input),
              },
            ],
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage,
            warnings: [],
          }
        : {
            content: [{ type: "text", text: "Understood." }],
            finishReason: { unified: "stop", raw: "stop" },
            usage,
            warnings: [],
          };
    },
    doStream: async () => ({
      stream: convertArrayToReadableStream<StreamPart>([
        { type: "stream-start", warnings: [] },
        {
          type: "tool-call",
          toolCallId: "call_1",
          toolName: "ask_user",
          input: JSON.stringify(input),
        },
        { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
      ]),
    }),
  });
}

async function callWith(input: unknown) {
  return generateText({
    model: modelCalling(input),
    prompt: "Deploy the release.",
    tools: { ask_user: askUserTool() },
  });
}

/** What the model reads back after a rejected call: the text of the tool message it gets. */
async function errorTheModelReads(input: unknown): Promise<string> {
  const model = modelCalling(input);
  const result = await generateText({
    model,
    prompt: "Deploy the release.",
    tools: { ask_user: askUserTool() },
    stopWhen: stepCountIs(2),
  });
  expect(result.steps).toHaveLength(2);
  const secondCall = model.doGenerateCalls[1];
  const toolMessage = secondCall?.prompt.find((message) => message.role === "tool");
  const part = toolMessage?.content[0];
  if (part?.type !== "tool-result" || part.output.type !== "error-text")
    throw new Error(`expected an error-text tool result, got ${JSON.stringify(part)}`);
  return part.output.value;
}

describe("given a valid ask_user call", () => {
  it("should hand the model the tool's schema and guidance", async () => {
    const model = modelCalling({ questions: [question()] });
    await generateText({ model, prompt: "Hi", tools: { ask_user: askUserTool() } });
    const tools = model.doGenerateCalls[0]?.tools ?? [];
    expect(tools.map((tool) => [tool.type, tool.name])).toEqual([["function", "ask_user"]]);
    const [offered] = tools;
    if (offered?.type !== "function") throw new Error("expected a function tool");
    expect(offered.description).toMatch(/never add an "Other" option/);
    expect(offered.inputSchema).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["questions"],
      properties: { questions: { minItems: 1, maxItems: 3 } },
    });
  });

  it("should yield one tool call with the normalized input and no tool result", async () => {
    const result = await callWith({
      questions: [
        question({
          id: "deploy_target",
          header: "  Deployment target ",
          question: " Where should this deploy? ",
          options: [
            { label: " Staging (Recommended) ", description: "  " },
            { label: "Production", description: " live traffic " },
          ],
          multiSelect: false,
        }),
        question({ id: "checks", header: "Checks", multiSelect: true }),
      ],
    });
    expect(result.finishReason).toBe("tool-calls");
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({
      type: "tool-call",
      toolCallId: "call_1",
      toolName: "ask_user",
      input: {
        questions: [
          {
            id: "deploy_target",
            header: "Deployment t",
            question: "Where should this deploy?",
            options: [
              { label: "Staging (Recommended)" },
              { label: "Production", description: "live traffic" },
            ],
          },
          {
            id: "checks",
            header: "Checks",
            question: "Where should this deploy?",
            options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
            multiSelect: true,
          },
        ],
        timeoutSeconds: 900,
      },
    });
    expect(result.toolCalls[0]).not.toHaveProperty("invalid");
    expect(result.toolResults).toEqual([]);
    expect(result.content.map((part) => part.type)).toEqual(["tool-call"]);
  });

  it("should accept its own output again, so the call in the history validates", async () => {
    const first = await callWith({ questions: [question({ header: " Deployment target " })] });
    const input = first.toolCalls[0]?.input;
    const second = await callWith(input);
    expect(second.toolCalls[0]?.input).toEqual(input);
  });

  it("should stream the call to the page as available input", async () => {
    const result = streamText({
      model: modelCalling({ questions: [question()] }),
      prompt: "Deploy the release.",
      tools: { ask_user: askUserTool() },
    });
    const chunks: UIMessageChunk[] = [];
    for await (const chunk of result.toUIMessageStream()) chunks.push(chunk);
    const toolChunks = chunks.filter((chunk) => chunk.type.startsWith("tool-"));
    expect(toolChunks.map((chunk) => chunk.type)).toEqual(["tool-input-available"]);
    expect(await result.toolCalls).toHaveLength(1);
    expect(await result.toolResults).toEqual([]);
  });
});

describe("given a hostile ask_user call", () => {
  const cases: [string, unknown, string][] = [
    [
      "seven questions",
      { questions: Array.from({ length: 7 }, (_, index) => question({ id: `q_${index}` })) },
      "questions: needs 1 to 3 questions, got 7",
    ],
    [
      "nine options",
      {
        questions: [
          question({
            options: Array.from({ length: 9 }, (_, index) => ({ label: `Option ${index}` })),
          }),
        ],
      },
      "questions[0].options: needs 2 to 4 options, got 9",
    ],
    [
      "the id __proto__",
      { questions: [question({ id: "__proto__" })] },
      "questions[0].id: must be snake_case",
    ],
    [
      "a 100 KB question",
      { questions: [question({ question: "x".repeat(100 * 1024) })] },
      "questions[0].question: must be at most 2000 characters, got 102400",
    ],
  ];

  for (const [name, input, line] of cases) {
    it(`should reject ${name} as invalid input naming the field and the rule`, async () => {
      const result = await callWith(input);
      expect(result.toolResults).toEqual([]);
      const [call] = result.toolCalls;
      // The call is kept only as an invalid one, never as input the page could answer.
      expect(result.toolCalls).toHaveLength(1);
      expect(call).toMatchObject({ toolName: "ask_user", invalid: true });
      const error = call !== undefined && "error" in call ? call.error : undefined;
      expect(InvalidToolInputError.isInstance(error)).toBe(true);
      expect(error instanceof Error ? error.message : "").toContain(`\n${line}`);
      const reported = result.content.filter((part) => part.type === "tool-error");
      expect(reported.map((part) => String(part.error))).toEqual([
        expect.stringContaining(`\n${line}`),
      ]);
    });
  }

  it("should tell the model the field and the rule in the tool result it reads back", async () => {
    const text = await errorTheModelReads({
      questions: [question({ options: [{ label: "Only one" }] })],
    });
    expect(text).toContain("Invalid input for tool ask_user");
    expect(text).toContain("questions[0].options: needs 2 to 4 options, got 1");
  });

  it("should list at most twenty errors and count the rest", async () => {
    const text = await errorTheModelReads({
      questions: Array.from({ length: 30 }, (_, index) => question({ id: `Q${index}` })),
    });
    const fieldLines = text.split("\n").filter((line) => /^questions/.test(line));
    expect(fieldLines).toHaveLength(20);
    expect(text).toMatch(/\(\d+ more\)/);
  });

  it("should stream a rejected call to the page as an input error, not as input", async () => {
    const result = streamText({
      model: modelCalling({ questions: [question({ id: "__proto__" })] }),
      prompt: "Deploy the release.",
      tools: { ask_user: askUserTool() },
    });
    const chunks: UIMessageChunk[] = [];
    for await (const chunk of result.toUIMessageStream()) chunks.push(chunk);
    const types = chunks.map((chunk) => chunk.type);
    expect(types).toContain("tool-input-error");
    expect(types).not.toContain("tool-input-available");
  });
});

describe("given a timeout", () => {
  const cases: [string, number | undefined, number][] = [
    ["none", undefined, 900],
    ["5 s", 5, 30],
    ["120 s", 120, 120],
    ["9999 s", 9999, 3600],
  ];
  for (const [name, timeoutSeconds, expected] of cases) {
    it(`should turn ${name} into ${expected} s`, async () => {
      const input =
        timeoutSeconds === undefined
          ? { questions: [question()] }
          : { questions: [question()], timeoutSeconds };
      const result = await callWith(input);
      expect(result.toolCalls[0]?.input).toMatchObject({ timeoutSeconds: expected });
    });
  }

  it("should reject a timeout that is not an integer", async () => {
    const result = await callWith({ questions: [question()], timeoutSeconds: 90.5 });
    const reported = result.content.find((part) => part.type === "tool-error");
    expect(String(reported?.error)).toContain("\ntimeoutSeconds: must be an integer, got 90.5");
  });
});
