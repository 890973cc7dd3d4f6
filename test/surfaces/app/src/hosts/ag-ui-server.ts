// The AG-UI host's server, a script in the page: the `fetch` its HttpAgent posts to streams each
// run's AG-UI events as SSE, so the real client reads real events and nothing leaves the page. A
// run from the user's message asks what `ask` set; a run that resumes interrupts or carries a tool
// result says what it received.
import { type AGUIEvent, EventType, type Interrupt, type RunAgentInput } from "@ag-ui/client";
import type { Question } from "ask-user-kit/protocol";

/** What the agent asks in its next run. */
export type Asking =
  | { kind: "interrupt"; questions: Question[]; expiresInMs?: number }
  | { kind: "call"; questions: Question[] }
  | { kind: "form" };

const asTool = (question: Question) => ({
  id: question.questionId,
  header: question.header,
  question: question.question,
  options: question.options,
  ...(question.multiSelect ? { multiSelect: true as const } : {}),
});

const REPORT_FORM = {
  type: "object",
  properties: {
    email: {
      type: "string",
      format: "email",
      title: "Email",
      description: "Who should get the report?",
    },
    copies: {
      type: "integer",
      minimum: 1,
      maximum: 5,
      title: "Copies",
      description: "How many printed copies?",
    },
  },
  required: ["email"],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The labels or values an answer carries (an ask_user result or a form's content), or null. */
function answerText(value: unknown): string | null {
  if (!isRecord(value) || value.status === "no_answer" || value.status === "cancelled") return null;
  const answers = isRecord(value.answers) ? value.answers.answers : undefined;
  if (value.status === "answered" && isRecord(answers))
    return Object.values(answers).flat().join(", ");
  return Object.values(value).join(", ");
}

const resumes = (input: RunAgentInput) => (input.resume?.length ?? 0) > 0;

function toolResult(message: RunAgentInput["messages"][number] | undefined): unknown {
  if (message?.role !== "tool" || typeof message.content !== "string") return null;
  return JSON.parse(message.content) as unknown;
}

function text(id: string, words: string): AGUIEvent[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId: id, role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta: words },
    { type: EventType.TEXT_MESSAGE_END, messageId: id },
  ];
}

function askUserCall(id: string, messageId: string, questions: Question[]): AGUIEvent[] {
  const args = { questions: questions.map(asTool), timeoutSeconds: 900 };
  return [
    {
      type: EventType.TOOL_CALL_START,
      toolCallId: id,
      toolCallName: "ask_user",
      parentMessageId: messageId,
    },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: JSON.stringify(args) },
    { type: EventType.TOOL_CALL_END, toolCallId: id },
  ];
}

/** The scripted server: its `fetch` for the agent, and what the run sets it to do next. */
export function createScriptedServer() {
  let next: Asking | null = null;
  let holding = false;
  let runs = 0;

  /** A run asking what `next` says: CopilotKit's interrupting ask_user, a frontend call, a form. */
  const asking = (asked: Asking, n: number): { events: AGUIEvent[]; interrupts?: Interrupt[] } => {
    const messageId = `assistant_${n}`;
    if (asked.kind === "form")
      return {
        events: text(messageId, "The report is ready."),
        interrupts: [
          {
            id: `form_${n}`,
            reason: "input_required",
            message: "Where should the report go?",
            responseSchema: REPORT_FORM,
          },
        ],
      };
    const events = [
      ...text(messageId, "Before I deploy:"),
      ...askUserCall(`call_${n}`, messageId, asked.questions),
    ];
    if (asked.kind === "call") return { events };
    const expiresAt =
      asked.expiresInMs === undefined
        ? {}
        : { expiresAt: new Date(Date.now() + asked.expiresInMs).toISOString() };
    return {
      events,
      interrupts: [
        { id: `interrupt_${n}`, reason: "ask_user", toolCallId: `call_${n}`, ...expiresAt },
      ],
    };
  };

  /** A run after an answer: what it received, said back. */
  const reply = (input: RunAgentInput, n: number): AGUIEvent[] => {
    const received: unknown[] = resumes(input)
      ? (input.resume ?? []).map((entry) => (entry.status === "resolved" ? entry.payload : entry))
      : [toolResult(input.messages.at(-1))];
    const said = received.map(answerText).filter((item) => item !== null);
    return text(
      `assistant_${n}`,
      said.length === 0 ? "No answer, so I stop here." : `Going on with: ${said.join("; ")}.`,
    );
  };

  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    const input = JSON.parse(String(init.body)) as RunAgentInput;
    runs += 1;
    const answering = resumes(input) || input.messages.at(-1)?.role === "tool";
    const headers = { "content-type": "text/event-stream" };
    // The server took the request and has not started the run: the answer is still on its way.
    if (answering && holding) return new Response(new ReadableStream(), { headers });
    const asked = answering || next === null ? null : asking(next, runs);
    if (!answering) next = null;
    const { threadId } = input;
    const runId = `run_${runs}`;
    const events: AGUIEvent[] = [
      { type: EventType.RUN_STARTED, threadId, runId },
      ...(asked === null ? (answering ? reply(input, runs) : []) : asked.events),
      {
        type: EventType.RUN_FINISHED,
        threadId,
        runId,
        ...(asked?.interrupts === undefined
          ? {}
          : { outcome: { type: "interrupt" as const, interrupts: asked.interrupts } }),
      },
    ];
    const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
    return new Response(body, { headers });
  };

  return {
    fetch,
    /** The agent's next run (from the user's message) asks this. */
    ask: (asked: Asking) => {
      next = asked;
    },
    /** Runs that carry an answer are taken and never started. */
    holdAnswers: () => {
      holding = true;
    },
  };
}
