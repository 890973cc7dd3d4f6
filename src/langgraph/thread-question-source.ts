import { formContentOf, readFormSchema } from "../protocol/form-schema";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import { isRecord } from "../protocol/parse-support";
import type { ParseIssue, QuestionAnswers, QuestionRecord } from "../protocol/types";
import { defaultDraftStorage } from "../store/default-storage";
import { createFirstSeenTimes } from "../store/first-seen-times";
import { createLocalQuestionSource, type LocalQuestionHandlers } from "../store/local-source";
import type { AnswerCheck, QuestionSource } from "../store/question-source";
import type { DraftStorage, PromptResult } from "../store/types";
import { createHeldResumes } from "./held-resumes";
import {
  ASK_USER_TOOL_NAME,
  type ReviewAction,
  type ReviewDecision,
  readHeadlessToolRequest,
  readReviewRequest,
  type ThreadInterrupt,
} from "./interrupt-shapes";
import {
  DEFAULT_REVIEW_WORDS,
  type ReviewWords,
  reviewDecisions,
  reviewQuestions,
} from "./review-prompt";
import { reviewedCallIds, toolOutcomeOf, toolResultOf } from "./thread-messages";

type Clock = QuestionSource["client"]["clock"];

/** A LangGraph thread as `useStream()` shows it: what the source reads and how it resumes. */
export type AskUserThread = {
  threadId: string | null | undefined;
  /** Every pending interrupt, headless-tool ones included. */
  interrupts: readonly ThreadInterrupt[];
  /** True while a run is streaming or the thread loads: interrupts may then be stale. */
  isLoading?: boolean;
  /** The thread's messages, read to tell how a question answered elsewhere ended. */
  messages?: readonly unknown[];
  /** Resumes the run with `value` for the interrupt `interruptId`. */
  respond(value: unknown, options: { interruptId: string }): unknown;
  /** Resumes several interrupts pending at one checkpoint at once (`useStream().respondAll`). */
  respondAll?(values: Record<string, unknown>): unknown;
};

/** Why an interrupt is not shown: left to the host, never answered by guess. */
export type UnhandledInterrupt = {
  interrupt: ThreadInterrupt;
  /** `unknown`: no reader knows the value; `refused`: it is one the kit reads, but broken. */
  reason: "unknown" | "refused";
  issues: string[];
};

/** Options of `createThreadQuestionSource`. */
export type ThreadQuestionSourceOptions = {
  /** The thread the prompts belong to (their session). */
  threadId: string;
  /** The name of the headless `ask_user` tool; `ask_user` when left out. */
  toolName?: string;
  /** The words of review prompts; English when left out. */
  reviewWords?: ReviewWords;
  clock?: Clock;
  /** Where first-seen times survive a reload (sessionStorage when left out, `null`: memory). */
  storage?: DraftStorage | null;
  /** An interrupt the kit does not show; the host may show it its own way. */
  onUnhandled?: (unhandled: UnhandledInterrupt) => void;
};

/** The store's source for one LangGraph thread; `update` it whenever the stream changes. */
export type ThreadQuestionSource = QuestionSource & {
  update(thread: AskUserThread): void;
  close(): void;
};

const SEEN_KEY_PREFIX = "ask-user-kit:langgraph-seen:";
const HELD_KEY_PREFIX = "ask-user-kit:langgraph-held:";
// A review or a form waits as long as the thread does: the graph has no deadline for it.
const NO_DEADLINE_MS = 7 * 24 * 3_600_000;

function describeIssues(issues: readonly ParseIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.message}`);
}

type Prompt = {
  questions: QuestionRecord["questions"];
  timeoutMs: number;
  message?: string;
  handlers: (resume: (value: unknown) => Promise<void>) => LocalQuestionHandlers;
  check?: AnswerCheck;
  /** A review's tool calls, in action order. */
  actions?: ReviewAction[];
};

/** What the source keeps of a question it asked, to tell when and how it ended. */
type Tracked = {
  /** A headless tool's call. */
  toolCallId: string | null;
  /** A review's calls, in action order (null where none matched). */
  reviewCalls: Array<string | null>;
  /** The decisions this page sent for a review. */
  decisions: ReviewDecision[] | null;
  /** A review's tool calls, to match with the messages' calls. */
  actions?: ReviewAction[];
};

/** Creates the source of one thread. */
export function createThreadQuestionSource(
  options: ThreadQuestionSourceOptions,
): ThreadQuestionSource {
  const toolName = options.toolName ?? ASK_USER_TOOL_NAME;
  const words = options.reviewWords ?? DEFAULT_REVIEW_WORDS;
  const local = createLocalQuestionSource({ name: "langgraph", clock: options.clock });
  const clock = local.client.clock;
  const storage = options.storage === undefined ? defaultDraftStorage() : options.storage;
  const seenTimes = createFirstSeenTimes(storage, `${SEEN_KEY_PREFIX}${options.threadId}`);
  const unhandled = new Set<string>();
  const asked = new Map<string, Tracked>();
  // Ended here, though a stale list may still show them: never asked again.
  const retired = new Set<string>();
  const held = createHeldResumes(storage, `${HELD_KEY_PREFIX}${options.threadId}`);
  let thread: Pick<AskUserThread, "respond" | "respondAll"> = { respond: () => undefined };
  // The kit's interrupts the thread listed last: one checkpoint's, resumed together.
  let listed: string[] = [];

  let sending: Promise<void> | null = null;

  /** Sends the held answers once every listed interrupt of the kit has one; once at a time. */
  const sendHeld = (): Promise<void> => {
    if (sending !== null) return sending.then(sendHeld);
    if (listed.length === 0 || !listed.every((id) => held.has(id))) return Promise.resolve();
    sending = sendListed().finally(() => {
      sending = null;
    });
    return sending;
  };

  const sendListed = async (): Promise<void> => {
    const ids = [...listed];
    const [only] = ids;
    if (ids.length === 1 && only !== undefined) {
      await thread.respond(held.get(only), { interruptId: only });
    } else {
      const values = Object.fromEntries(ids.map((id) => [id, held.get(id)]));
      if (thread.respondAll !== undefined) await thread.respondAll(values);
      else for (const id of ids) await thread.respond(values[id], { interruptId: id });
    }
    held.release(ids);
  };

  const leave = (
    interrupt: ThreadInterrupt,
    reason: UnhandledInterrupt["reason"],
    issues: string[],
  ) => {
    const key = interrupt.id ?? JSON.stringify(interrupt.value ?? null);
    if (unhandled.has(key)) return;
    unhandled.add(key);
    options.onUnhandled?.({ interrupt, reason, issues });
  };

  const askUserPrompt = (input: unknown): Prompt | ParseIssue[] => {
    const normalized = normalizeAskUserInput(input);
    if (!normalized.ok) return normalized.errors;
    const result = (json: unknown) => (resume: (value: unknown) => Promise<void>) => () =>
      resume(json);
    return {
      questions: normalized.value.questions,
      timeoutMs: normalized.value.timeoutSeconds * 1000,
      handlers: (resume) => ({
        answer: (answers: QuestionAnswers) => resume({ status: "answered", answers }),
        decline: result({ status: "no_answer" })(resume),
        expire: result({ status: "no_answer" })(resume),
      }),
    };
  };

  const promptOf = (interrupt: ThreadInterrupt): Prompt | { issues: string[] } | null => {
    const value = interrupt.value;
    const headless = readHeadlessToolRequest(value);
    if (headless !== null) {
      if (headless.toolCall.name !== toolName) return null;
      const prompt = askUserPrompt(headless.toolCall.args);
      return Array.isArray(prompt) ? { issues: describeIssues(prompt) } : prompt;
    }
    const actions = readReviewRequest(value);
    if (actions !== null) {
      const { steps, questions, message } = reviewQuestions(actions, words);
      const decide = (answers: QuestionAnswers) => reviewDecisions(steps, answers, words);
      const everyone = (type: "reject") => actions.map(() => ({ type }));
      return {
        questions,
        message,
        actions,
        timeoutMs: NO_DEADLINE_MS,
        check: (answers) => {
          const decided = decide(answers);
          return decided.ok ? new Map() : decided.issues;
        },
        handlers: (resume) => ({
          answer: (answers) => {
            const decided = decide(answers);
            if (!decided.ok) throw new Error("the decisions do not fit the review");
            return resume({ decisions: decided.decisions });
          },
          decline: () => resume({ decisions: everyone("reject") }),
          // The graph waits with no deadline; the far one here is never meant to pass.
          expire: () => undefined,
        }),
      };
    }
    if (isRecord(value) && Array.isArray(value.questions)) {
      const prompt = askUserPrompt(value);
      return Array.isArray(prompt) ? { issues: describeIssues(prompt) } : prompt;
    }
    if (isRecord(value) && isRecord(value.requestedSchema)) {
      const form = readFormSchema(value.requestedSchema);
      if (!form.ok) return { issues: form.reasons };
      return {
        questions: form.properties.map((property) => property.question),
        ...(typeof value.message === "string" ? { message: value.message } : {}),
        timeoutMs: NO_DEADLINE_MS,
        handlers: (resume) => ({
          answer: (answers) =>
            resume({ action: "accept", content: formContentOf(form.properties, answers) }),
          decline: () => resume({ action: "decline" }),
          expire: () => resume({ action: "cancel" }),
        }),
      };
    }
    return null;
  };

  const ask = (
    interrupt: ThreadInterrupt & { id: string },
    threadId: string,
    nowMs: number,
    messages: readonly unknown[],
  ): void => {
    // Answered here and waiting for the checkpoint's other interrupts: its summary stays.
    if (asked.has(interrupt.id) || held.has(interrupt.id) || retired.has(interrupt.id)) return;
    const prompt = promptOf(interrupt);
    if (prompt === null || "issues" in prompt) {
      leave(interrupt, prompt === null ? "unknown" : "refused", prompt?.issues ?? []);
      return;
    }
    const tracked: Tracked = {
      toolCallId: readHeadlessToolRequest(interrupt.value)?.toolCall.id ?? null,
      reviewCalls: prompt.actions === undefined ? [] : reviewedCallIds(prompt.actions, messages),
      decisions: null,
      ...(prompt.actions === undefined ? {} : { actions: prompt.actions }),
    };
    asked.set(interrupt.id, tracked);
    const createdAtMs = seenTimes.seen(interrupt.id, nowMs);
    const record: QuestionRecord = {
      id: interrupt.id,
      questions: prompt.questions,
      sessionKey: threadId,
      origin: "chat",
      ...(prompt.message === undefined ? {} : { message: prompt.message }),
      createdAtMs,
      expiresAtMs: createdAtMs + prompt.timeoutMs,
      status: "pending",
    };
    const resume = async (value: unknown): Promise<void> => {
      if (prompt.actions !== undefined && isRecord(value) && Array.isArray(value.decisions))
        tracked.decisions = value.decisions as ReviewDecision[];
      held.hold(interrupt.id, value);
      try {
        await sendHeld();
      } catch (error) {
        // Not sent: the dock shows the failure and its retry holds the answer again.
        held.release([interrupt.id]);
        throw error;
      }
    };
    local.ask(
      record,
      prompt.handlers(resume),
      prompt.check === undefined ? {} : { check: prompt.check },
    );
  };

  /**
   * True once the thread's messages hold a result for the question's call: another client resumed
   * it, though `useStream` may still list its interrupt.
   */
  const resumedInMessages = (tracked: Tracked, messages: readonly unknown[]): boolean => {
    if (tracked.toolCallId !== null) return toolResultOf(tracked.toolCallId, messages) !== null;
    return tracked.reviewCalls.some((id) => id !== null && toolResultOf(id, messages) !== null);
  };

  /** The calls this page approved that never ran (the middleware may drop them). */
  const resultsOf = (tracked: Tracked, messages: readonly unknown[]): PromptResult[] =>
    (tracked.decisions ?? []).flatMap((decision, index) => {
      const callId = tracked.reviewCalls[index];
      if (decision.type !== "approve" && decision.type !== "edit") return [];
      if (callId === undefined || callId === null || toolResultOf(callId, messages) !== null)
        return [];
      return [{ questionId: `action_${index + 1}`, text: words.notRun }];
    });

  const settleGone = (thread: AskUserThread, pending: ReadonlySet<string>): void => {
    const messages = thread.messages ?? [];
    for (const [id, tracked] of asked) {
      if (pending.has(id)) continue;
      asked.delete(id);
      retired.add(id);
      seenTimes.forget(id);
      const results = resultsOf(tracked, messages);
      if (results.length > 0) local.report(id, results);
      local.settle({ id, ...toolOutcomeOf(tracked.toolCallId, messages) });
    }
  };

  return {
    ...local,
    update: (next) => {
      thread = next;
      const threadId = next.threadId ?? options.threadId;
      const nowMs = clock.now();
      const pending = new Set<string>();
      next.interrupts.forEach((interrupt, index) => {
        if (typeof interrupt.id !== "string") {
          leave(interrupt, "unknown", ["it has no id"]);
          return;
        }
        const tracked = asked.get(interrupt.id);
        const messages = next.messages ?? [];
        // Asked before the thread's messages had loaded (a reload): match its calls now.
        if (tracked?.actions !== undefined && tracked.reviewCalls.every((id) => id === null))
          tracked.reviewCalls = reviewedCallIds(tracked.actions, messages);
        if (tracked !== undefined && resumedInMessages(tracked, messages)) return;
        const request = readHeadlessToolRequest(interrupt.value);
        // Listed, but its call has its result already: answered before this page saw it.
        if (
          request?.toolCall.id !== undefined &&
          toolResultOf(request.toolCall.id, messages) !== null
        )
          return;
        pending.add(interrupt.id);
        // Several interrupts at once get consecutive times, so the dock keeps their order.
        ask({ ...interrupt, id: interrupt.id }, threadId, nowMs + index, messages);
      });
      // A run in flight (or a thread still loading) may not have listed its interrupts yet; only
      // a settled thread says one was answered elsewhere, and only then may the store list what
      // is pending: a prompt restored after a reload and not yet listed would count as gone.
      if (next.isLoading === true) return;
      settleGone(next, pending);
      listed = [...pending].filter((id) => asked.has(id) || held.has(id));
      // Sent, or answered elsewhere: no longer the thread's to resume.
      held.release(held.ids().filter((id) => !pending.has(id)));
      local.open();
      // Answers held before a reload whose send never happened.
      void sendHeld().catch(() => undefined);
    },
    close: () => local.close(),
  };
}
