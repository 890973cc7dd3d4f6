import { type BaseEvent, HttpAgent, type RunAgentInput } from "@ag-ui/client";

/** One run of the scripted server: the events it streams for the run's input. */
export type ScriptedRun = (input: RunAgentInput) => BaseEvent[] | Error;

/** An `HttpAgent` whose server is a script: each POST streams the next run's events as SSE. */
export function scriptedAgent(runs: ScriptedRun[], threadId = "thread_1") {
  const inputs: RunAgentInput[] = [];
  let next = 0;
  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    const input = JSON.parse(String(init.body)) as RunAgentInput;
    inputs.push(input);
    const run = runs[next];
    next += 1;
    if (run === undefined) throw new Error(`the script has no run ${next}`);
    const events = run(input);
    if (events instanceof Error) throw events;
    const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  const agent = new HttpAgent({ url: "http://agent.test/run", threadId, fetch });
  return { agent, inputs };
}

let runCount = 0;

/** A run's frame: RUN_STARTED, the events, RUN_FINISHED with `outcome` when given. */
export function run(events: BaseEvent[], outcome?: unknown): ScriptedRun {
  return (input) => {
    runCount += 1;
    const runId = `run_${runCount}`;
    return [
      { type: "RUN_STARTED", threadId: input.threadId, runId } as BaseEvent,
      ...events,
      {
        type: "RUN_FINISHED",
        threadId: input.threadId,
        runId,
        ...(outcome === undefined ? {} : { outcome }),
      } as BaseEvent,
    ];
  };
}

/** An assistant message calling `name` with `args` (JSON text) as `id`. */
export function toolCall(id: string, name: string, args: unknown): BaseEvent[] {
  const delta = typeof args === "string" ? args : JSON.stringify(args);
  return [
    { type: "TOOL_CALL_START", toolCallId: id, toolCallName: name, parentMessageId: `m_${id}` },
    { type: "TOOL_CALL_ARGS", toolCallId: id, delta },
    { type: "TOOL_CALL_END", toolCallId: id },
  ] as BaseEvent[];
}

/** An assistant text message. */
export function text(id: string, words: string): BaseEvent[] {
  return [
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: words },
    { type: "TEXT_MESSAGE_END", messageId: id },
  ] as BaseEvent[];
}
