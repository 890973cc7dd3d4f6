// The page's AG-UI stack: an agent endpoint as an AG-UI server serves one (a POST of a
// `RunAgentInput`, the run's events back as SSE), with a script in place of the model: offline,
// no key. Like a real server it keeps nothing between runs: it reads the thread the client sends,
// its last user message picking a turn, and the `ask_user` outcomes after it (a tool message, or
// a `resume` entry for the interrupt) making the reply.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type BaseEvent,
  EventType,
  type Interrupt,
  type Message,
  type ResumeEntry,
  type RunFinishedOutcome,
  type ToolCall,
} from "@ag-ui/client";
import type { QuestionAnswers } from "../../src/protocol/types";
import { askUserInputFor } from "../ai-sdk/scripted-chat-model";
import type { Middleware } from "./http-routes";
import { scenarioScript } from "./scenario-script";

const ASK_USER = "ask_user";
const MAX_BODY_BYTES = 1024 * 1024;
const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/** One scripted turn: what the agent says, what it asks and how, and its reply to the outcome. */
type Turn = {
  opening: string;
  input: unknown;
  /** A frontend tool call the page answers, or an interrupt the next run resumes. */
  via: "tool" | "interrupt";
  reply(answers: QuestionAnswers | null): string;
};

const deploy = scenarioScript("single");

const DEPLOY: Turn = {
  opening: deploy.opening,
  input: askUserInputFor(deploy.questions, deploy.timeoutMs / 1000),
  via: "tool",
  reply: (answers) =>
    answers === null ? "No answer, so I will deploy to Staging." : deploy.onAnswered(answers),
};

// CopilotKit's shape: an `ask_user` tool that interrupts; its arguments are the questions.
const RELEASE_NOTES: Turn = {
  opening: "Two choices before I write the release notes.",
  input: {
    questions: [
      {
        id: "audience",
        header: "Audience",
        question: "Who are the release notes for?",
        options: [
          { label: "Users (Recommended)", description: "What changed for them, in plain words" },
          { label: "Developers", description: "APIs, migrations and breaking changes" },
          { label: "Both", description: "One section for each" },
        ],
      },
      {
        id: "sections",
        header: "Sections",
        question: "Which sections should they have?",
        options: [
          { label: "New features" },
          { label: "Fixes" },
          { label: "Breaking changes" },
          { label: "Upgrade steps" },
        ],
        multiSelect: true,
      },
    ],
  },
  via: "interrupt",
  reply: (answers) => {
    if (answers === null)
      return "No answers, so I go on without them: notes for users, with every section.";
    const said = (id: string) =>
      (answers.answers[id] ?? [])
        .map((label) => label.replace(/ \(Recommended\)$/, ""))
        .join(", ") || "(none)";
    return `Writing the release notes (audience: ${said("audience")}; sections: ${said("sections")})…`;
  },
};

const HELP = "Ask me to deploy, or to write the release notes.";

const turnFor = (text: string): Turn | null => {
  const lowered = text.toLowerCase();
  if (lowered.includes("release notes")) return RELEASE_NOTES;
  if (lowered.includes("deploy")) return DEPLOY;
  return null;
};

/** What a run's request carries, as far as the script reads it. */
type RunRequest = {
  threadId: string;
  runId: string;
  messages: Message[];
  toolNames: string[];
  resume: ResumeEntry[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The request's `RunAgentInput`, or why it is not one. */
function readRunRequest(body: unknown): RunRequest | string {
  if (!isRecord(body)) return "the body is not a JSON object";
  const { threadId, runId, messages, tools, resume } = body;
  if (typeof threadId !== "string" || typeof runId !== "string")
    return "threadId and runId are required";
  if (!Array.isArray(messages) || !messages.every(isRecord)) return "messages must be an array";
  if (!Array.isArray(tools) || !tools.every(isRecord)) return "tools must be an array";
  if (resume !== undefined && !(Array.isArray(resume) && resume.every(isRecord)))
    return "resume must be an array";
  return {
    threadId,
    runId,
    messages: messages as Message[],
    toolNames: tools.map((tool) => String(tool.name)),
    resume: (resume ?? []) as ResumeEntry[],
  };
}

const textOf = (message: Message | undefined): string => {
  const content = message?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (isRecord(part) && part.type === "text" ? part.text : "")).join("");
};

/** The answers an `ask_user` outcome carries (`{status:"answered", answers}`), else null. */
function answersIn(value: unknown): QuestionAnswers | null {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(parsed) || parsed.status !== "answered" || !isRecord(parsed.answers)) return null;
  const answers = parsed.answers.answers;
  return isRecord(answers) ? (parsed.answers as QuestionAnswers) : null;
}

/** The interrupt a call raises: named after the call, so a resume leads back to it. */
const interruptIdOf = (callId: string): string => `interrupt_${callId}`;

const newId = (prefix: string): string => `${prefix}_${randomUUID().replaceAll("-", "")}`;

function textEvents(messageId: string, text: string): BaseEvent[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ] as BaseEvent[];
}

function toolCallEvents(messageId: string, toolCallId: string, input: unknown): BaseEvent[] {
  return [
    {
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName: ASK_USER,
      parentMessageId: messageId,
    },
    { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(input) },
    { type: EventType.TOOL_CALL_END, toolCallId },
  ] as BaseEvent[];
}

/** What a run streams between RUN_STARTED and its end. */
type RunScript = { events: BaseEvent[]; outcome?: RunFinishedOutcome; error?: string };

/** The run the script makes of the thread the client sent. */
function scriptRun(request: RunRequest): RunScript {
  const { messages, resume } = request;
  const lastUser = messages.findLastIndex((message) => message.role === "user");
  const turn = turnFor(textOf(messages[lastUser]));
  if (turn === null) return { events: textEvents(newId("msg"), HELP) };
  const calls: ToolCall[] = messages
    .slice(lastUser + 1)
    .flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : []))
    .filter((call) => call.function.name === ASK_USER);
  const known = new Set(
    messages.flatMap((message) =>
      message.role === "assistant"
        ? (message.toolCalls ?? []).map((call) => interruptIdOf(call.id))
        : [],
    ),
  );
  const stray = resume.find((entry) => !known.has(entry.interruptId));
  if (stray !== undefined)
    return { events: [], error: `No interrupt ${stray.interruptId} on this thread.` };
  const call = calls[0];
  if (call === undefined) return ask(turn, request.toolNames);
  const result = messages.find(
    (message) => message.role === "tool" && message.toolCallId === call.id,
  );
  const resumed = resume.find((entry) => entry.interruptId === interruptIdOf(call.id));
  if (result === undefined && resumed === undefined)
    return { events: [], error: `Tool result is missing for tool call ${call.id}.` };
  const answers =
    resumed === undefined
      ? answersIn(result?.content)
      : resumed.status === "resolved"
        ? answersIn(resumed.payload)
        : null;
  return { events: textEvents(newId("msg"), turn.reply(answers)) };
}

/** The turn's question: a call of the page's `ask_user` tool, or one that interrupts the run. */
function ask(turn: Turn, toolNames: string[]): RunScript {
  if (turn.via === "tool" && !toolNames.includes(ASK_USER))
    return { events: textEvents(newId("msg"), "I have no ask_user tool to ask you with.") };
  const messageId = newId("msg");
  const toolCallId = newId("call");
  const events = [
    ...textEvents(messageId, turn.opening),
    ...toolCallEvents(messageId, toolCallId, turn.input),
  ];
  if (turn.via === "tool") return { events };
  const interrupt: Interrupt = {
    id: interruptIdOf(toolCallId),
    reason: ASK_USER,
    toolCallId,
    message: "The agent waits for your answers.",
  };
  return { events, outcome: { type: "interrupt", interrupts: [interrupt] } };
}

/** The whole stream of one run: RUN_STARTED, the script's events, RUN_FINISHED or RUN_ERROR. */
function runEvents(request: RunRequest): BaseEvent[] {
  const { threadId, runId } = request;
  const run = scriptRun(request);
  const end =
    run.error === undefined
      ? {
          type: EventType.RUN_FINISHED,
          threadId,
          runId,
          ...(run.outcome === undefined ? {} : { outcome: run.outcome }),
        }
      : { type: EventType.RUN_ERROR, message: run.error };
  return [{ type: EventType.RUN_STARTED, threadId, runId }, ...run.events, end] as BaseEvent[];
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

const refuse = (response: ServerResponse, status: number, error: string): void => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify({ error }));
};

// Loopback, same-origin JSON only, as the demo's other routes: another site cannot run the agent.
const isPagesOwn = (request: IncomingMessage): boolean => {
  const origin = request.headers.origin;
  return (
    LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? "") &&
    LOOPBACK_HOST.test(request.headers.host ?? "") &&
    (request.headers["content-type"] ?? "").startsWith("application/json") &&
    (origin === undefined || origin === `http://${request.headers.host ?? ""}`)
  );
};

/** Serves `POST <path>`: one run of the scripted agent per request, streamed as SSE. */
export function createAgUiRoute(path: string): Middleware {
  return (request, response, next) => {
    if (request.method !== "POST" || request.url?.split("?")[0] !== path) {
      next();
      return;
    }
    if (!isPagesOwn(request)) {
      refuse(response, 403, "loopback, same-origin JSON requests only");
      return;
    }
    readBody(request)
      .then((body) => {
        const run = readRunRequest(body);
        if (typeof run === "string") {
          refuse(response, 422, `not a RunAgentInput: ${run}`);
          return;
        }
        // Made whole before the headers: a thread the script cannot read is a 400, not a cut stream.
        const events = runEvents(run);
        response.writeHead(200, {
          "content-type": "text/event-stream",
          "cache-control": "no-store",
        });
        for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
        response.end();
      })
      .catch((error: unknown) => {
        if (response.headersSent) response.destroy();
        else refuse(response, 400, error instanceof Error ? error.message : String(error));
      });
  };
}
