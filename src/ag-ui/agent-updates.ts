// An agent's state read into the dock's prompts, and its answers sent as tool messages or in the
// next run's `resume`: a chunk of its own, loaded as the agent's source is made.
import { readAskUserOutcome } from "../protocol/ask-user-tool-result";
import type { QuestionAnswers, QuestionRecord, QuestionResolvedEvent } from "../protocol/types";
import { defaultDraftStorage } from "../store/default-storage";
import { createFirstSeenTimes } from "../store/first-seen-times";
import type { LocalQuestionHandlers, LocalQuestionSource } from "../store/local-source";
import {
  type AgentPrompt,
  askUserPrompt,
  interruptPrompt,
  toolCallsById,
  toolResultsById,
} from "./agent-prompts";
import type {
  AgentQuestionSourceOptions,
  AgentUpdater,
  UnhandledAgUiInterrupt,
} from "./agent-question-source";
import type { AgUiInterrupt, AgUiMessage, AgUiResumeEntry, AskUserAgent } from "./agent-shapes";
import { createAnsweredLedger, defaultSharedStorage } from "./answered-ledger";
import { ASK_USER_TOOL_NAME } from "./ask-user-tool";

const SEEN_KEY_PREFIX = "ask-user-kit:ag-ui-seen:";
const ANSWERED_KEY_PREFIX = "ask-user-kit:ag-ui-answered:";

/** Why an answer was not sent: the server would have taken it wrongly. */
export class StaleResumeError extends Error {
  override name = "StaleResumeError";
}

/**
 * Starts a run with `run`; settles once the server has started it (the answer is then delivered),
 * and calls `onDone` once the run has ended well.
 */
function startRun(agent: AskUserAgent, run: () => unknown, onDone?: () => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let started = false;
    const fail = (error: unknown) => {
      if (!started) reject(error instanceof Error ? error : new Error(String(error)));
    };
    const subscription = agent.subscribe({
      onRunStartedEvent: () => {
        started = true;
        resolve();
      },
      onRunFailed: ({ error }) => fail(error),
      onRunErrorEvent: ({ event }) => fail(new Error(event.message)),
    });
    Promise.resolve()
      .then(run)
      .then(() => {
        resolve();
        onDone?.();
      }, fail)
      .finally(() => subscription.unsubscribe());
  });
}

/** How a call another client answered ended, from its tool message. */
function outcomeOfResult(id: string, result: AgUiMessage | undefined): QuestionResolvedEvent {
  if (result === undefined) return { id, status: "cancelled" };
  const text = typeof result.content === "string" ? result.content : JSON.stringify(result.content);
  const outcome = readAskUserOutcome(text);
  return outcome.status === "answered"
    ? { id, status: "answered", answers: outcome.answers }
    : { id, status: outcome.status };
}

/** Reads `options.agent` into `local`'s prompts and sends their answers. */
export function createAgentUpdater(
  local: LocalQuestionSource,
  options: AgentQuestionSourceOptions,
): AgentUpdater {
  const { agent } = options;
  const toolName = options.toolName ?? ASK_USER_TOOL_NAME;
  const threadId = agent.threadId;
  const storage = options.storage === undefined ? defaultDraftStorage() : options.storage;
  const seenTimes = createFirstSeenTimes(storage, `${SEEN_KEY_PREFIX}${threadId}`);
  const clock = local.client.clock;
  const runOn = (resume?: AgUiResumeEntry[], onDone?: () => void) =>
    startRun(
      agent,
      () =>
        options.run === undefined
          ? agent.runAgent({
              ...(options.tools === undefined ? {} : { tools: options.tools }),
              ...(resume === undefined ? {} : { resume }),
            })
          : options.run(resume === undefined ? {} : { resume }),
      onDone,
    );
  const sharedStorage =
    options.sharedStorage === undefined ? defaultSharedStorage() : options.sharedStorage;
  const ledger = createAnsweredLedger(sharedStorage, `${ANSWERED_KEY_PREFIX}${threadId}`);
  /** Interrupts answered (here or by the host) and not yet sent, by id, with what they say. */
  const held = new Map<string, { entry: AgUiResumeEntry; outcome: QuestionResolvedEvent }>();
  /** Asked here, by id, with whether it is an interrupt. */
  const asked = new Map<string, "call" | "interrupt">();
  /** Calls and interrupts whose answer went out: never answered or asked again. */
  const sent = new Set<string>();
  const unhandled = new Set<string>();
  let sending: Promise<void> | null = null;

  const pendingInterrupts = (): AgUiInterrupt[] => agent.pendingInterrupts ?? [];

  /** Refuses what the server would take wrongly: another thread's, or an interrupt no longer open. */
  const guard = (ids: readonly string[]): void => {
    if (agent.threadId !== threadId)
      throw new StaleResumeError(
        `the agent is on thread ${agent.threadId} now, not ${threadId}: this answer is not sent`,
      );
    const open = new Set(pendingInterrupts().map((interrupt) => interrupt.id));
    const gone = ids.filter((id) => !open.has(id) || sent.has(id));
    if (gone.length > 0)
      throw new StaleResumeError(`no longer open on the agent: ${gone.join(", ")}`);
  };

  /** Sends the held answers once every open interrupt has one, in one run. */
  const sendHeld = async (): Promise<void> => {
    if (sending !== null) {
      await sending.catch(() => undefined);
      return sendHeld();
    }
    const open = pendingInterrupts();
    if (open.length === 0 || !open.every((interrupt) => held.has(interrupt.id))) return;
    if (agent.isRunning) return;
    const ids = open.map((interrupt) => interrupt.id);
    guard(ids);
    const answers = ids.flatMap((id) => {
      const answer = held.get(id);
      return answer === undefined ? [] : [answer];
    });
    const taken = ledger.claim(answers.map((answer) => answer.outcome));
    if (taken.length > 0) {
      ledger.release(ids.filter((id) => !taken.includes(id)));
      for (const id of taken) retireElsewhere(id);
      throw new StaleResumeError(`already answered in another tab: ${taken.join(", ")}`);
    }
    for (const id of ids) sent.add(id);
    const resume = answers.map((answer) => answer.entry);
    sending = runOn(resume, () => recordResults(open, resume));
    try {
      await sending;
      for (const id of ids) held.delete(id);
    } catch (error) {
      for (const id of ids) sent.delete(id);
      ledger.release(ids);
      throw error;
    } finally {
      sending = null;
    }
  };

  /**
   * Writes a resumed interrupt's answer as its call's tool message once the run is done, when the
   * server sent none: the thread's next run must carry a result for every call (CopilotKit's
   * runtime refuses one without), and the server's own copy never reaches the client.
   */
  const recordResults = (
    interrupts: readonly AgUiInterrupt[],
    resume: readonly AgUiResumeEntry[],
  ): void => {
    const results = toolResultsById(agent.messages);
    const written = resume.flatMap((entry, index): AgUiMessage[] => {
      const callId = interrupts[index]?.toolCallId;
      if (callId === undefined || results.has(callId)) return [];
      const value = entry.status === "resolved" ? (entry.payload ?? null) : { status: "cancelled" };
      const id = `ask-user-kit-result-${callId}`;
      return [{ id, role: "tool", toolCallId: callId, content: JSON.stringify(value) }];
    });
    if (written.length === 0) return;
    if (agent.setMessages === undefined) {
      for (const message of written) agent.addMessage(message);
      return;
    }
    // Each result right after the message that made its call, where a model's history has it.
    const placed = agent.messages.flatMap((message) => [
      message,
      ...written.filter((result) =>
        (message.toolCalls ?? []).some((call) => call.id === result.toolCallId),
      ),
    ]);
    const orphans = written.filter((result) => !placed.includes(result));
    agent.setMessages([...placed, ...orphans]);
  };

  /** Ends a prompt another tab answered first, with that tab's answer, and never sends it. */
  const retireElsewhere = (id: string): void => {
    const outcome = ledger.elsewhere(id);
    held.delete(id);
    sent.add(id);
    if (outcome !== undefined) local.settle(outcome);
  };

  const hold = async (
    entry: AgUiResumeEntry,
    outcome: QuestionResolvedEvent = { id: entry.interruptId, status: "cancelled" },
  ): Promise<void> => {
    guard([entry.interruptId]);
    held.set(entry.interruptId, { entry, outcome });
    try {
      await sendHeld();
    } catch (error) {
      // Not sent: the dock shows the failure, and its retry holds the answer again.
      held.delete(entry.interruptId);
      throw error;
    }
  };

  /** Answers a frontend call with its tool message, then runs on once the call's turn is complete. */
  const answerCall = async (
    callId: string,
    result: unknown,
    outcome: QuestionResolvedEvent = { id: callId, status: "cancelled" },
  ): Promise<void> => {
    if (agent.threadId !== threadId)
      throw new StaleResumeError(`the agent is on thread ${agent.threadId} now, not ${threadId}`);
    if (sent.has(callId) || toolResultsById(agent.messages).has(callId))
      throw new StaleResumeError(`the call ${callId} has its result already`);
    if (ledger.claim([outcome]).length > 0) {
      retireElsewhere(callId);
      throw new StaleResumeError(`already answered in another tab: ${callId}`);
    }
    sent.add(callId);
    agent.addMessage({
      id: `ask-user-kit-result-${callId}`,
      role: "tool",
      toolCallId: callId,
      content: typeof result === "string" ? result : JSON.stringify(result),
    });
    const owner = agent.messages.find((message) =>
      (message.toolCalls ?? []).some((call) => call.id === callId),
    );
    const results = toolResultsById(agent.messages);
    const complete = (owner?.toolCalls ?? []).every((call) => results.has(call.id));
    if (complete && !agent.isRunning) await runOn();
  };

  const record = (id: string, prompt: AgentPrompt, nowMs: number): QuestionRecord => {
    const createdAtMs = seenTimes.seen(id, nowMs);
    return {
      id,
      questions: prompt.questions,
      sessionKey: threadId,
      origin: "chat",
      ...(prompt.message === undefined ? {} : { message: prompt.message }),
      createdAtMs,
      expiresAtMs: prompt.expiresAtMs ?? createdAtMs + prompt.timeoutMs,
      status: "pending",
    };
  };

  const askInterrupt = (interrupt: AgUiInterrupt, nowMs: number): void => {
    if (asked.has(interrupt.id) || sent.has(interrupt.id) || held.has(interrupt.id)) return;
    const prompt = interruptPrompt(interrupt, toolCallsById(agent.messages), toolName);
    if (prompt === null || "issues" in prompt) {
      if (unhandled.has(interrupt.id)) return;
      unhandled.add(interrupt.id);
      const unhandledInterrupt: UnhandledAgUiInterrupt = {
        interrupt,
        reason: prompt === null ? "unknown" : "refused",
        issues: prompt?.issues ?? [],
        resolve: (payload) =>
          void hold({ interruptId: interrupt.id, status: "resolved", payload }).catch(
            () => undefined,
          ),
        cancel: () =>
          void hold({ interruptId: interrupt.id, status: "cancelled" }).catch(() => undefined),
      };
      options.onUnhandled?.(unhandledInterrupt);
      return;
    }
    asked.set(interrupt.id, "interrupt");
    const id = interrupt.id;
    const handlers: LocalQuestionHandlers = {
      answer: (answers: QuestionAnswers) =>
        hold(
          { interruptId: id, status: "resolved", payload: prompt.answered(answers) },
          { id, status: "answered", answers },
        ),
      decline: () => hold({ interruptId: id, status: "cancelled" }, { id, status: "cancelled" }),
      // An interrupt past its deadline must be cancelled, never resolved.
      expire: () => hold({ interruptId: id, status: "cancelled" }, { id, status: "expired" }),
    };
    local.ask(record(interrupt.id, prompt, nowMs), handlers);
  };

  const askCall = (callId: string, args: string, nowMs: number): void => {
    if (asked.has(callId) || sent.has(callId)) return;
    const prompt = askUserPrompt(args);
    if (prompt === null) return;
    if ("issues" in prompt) {
      // The model hears why, field by field, and may ask again; the call never waits unanswered.
      asked.set(callId, "call");
      answerCall(callId, prompt.issues.join("\n")).catch(() => undefined);
      return;
    }
    asked.set(callId, "call");
    const noAnswer = { status: "no_answer" };
    local.ask(record(callId, prompt, nowMs), {
      answer: (answers) =>
        answerCall(callId, prompt.answered(answers), { id: callId, status: "answered", answers }),
      decline: () => answerCall(callId, noAnswer, { id: callId, status: "cancelled" }),
      expire: () => answerCall(callId, noAnswer, { id: callId, status: "expired" }),
    });
  };

  /** Ends what the agent no longer waits for: answered by another client, or the thread moved on. */
  const settleGone = (openInterrupts: ReadonlySet<string>, openCalls: ReadonlySet<string>) => {
    const results = toolResultsById(agent.messages);
    for (const [id, kind] of asked) {
      if (kind === "interrupt" ? openInterrupts.has(id) : openCalls.has(id)) continue;
      asked.delete(id);
      seenTimes.forget(id);
      if (sent.has(id)) continue;
      local.settle(outcomeOfResult(id, results.get(id)));
    }
  };

  const update = (): void => {
    // A run in flight streams its calls in pieces and has not said how it ended yet.
    if (agent.isRunning || agent.threadId !== threadId) return;
    const nowMs = clock.now();
    const interrupts = pendingInterrupts();
    const interruptCalls = new Set(
      interrupts.flatMap((interrupt) =>
        interrupt.toolCallId === undefined ? [] : [interrupt.toolCallId],
      ),
    );
    interrupts.forEach((interrupt, index) => {
      askInterrupt(interrupt, nowMs + index);
    });
    const results = toolResultsById(agent.messages);
    const openCalls = new Set<string>();
    let index = interrupts.length;
    for (const message of agent.messages) {
      if (message.role !== "assistant") continue;
      for (const call of message.toolCalls ?? []) {
        if (call.function.name !== toolName || interruptCalls.has(call.id)) continue;
        if (results.has(call.id)) continue;
        openCalls.add(call.id);
        askCall(call.id, call.function.arguments, nowMs + index);
        index += 1;
      }
    }
    settleGone(new Set(interrupts.map((interrupt) => interrupt.id)), openCalls);
    // Answered in another tab of the page, which this tab's copy of the thread cannot show.
    for (const id of asked.keys())
      if (!sent.has(id) && ledger.elsewhere(id) !== undefined) retireElsewhere(id);
    local.open();
    // Answers held while a run was in flight go out now that it has ended.
    if (held.size > 0) void sendHeld().catch(() => undefined);
  };

  return {
    update,
    hold: (entry) => void hold(entry).catch(() => undefined),
  };
}
