// A thread's updates read into the dock's prompts, and its answers held and sent: a chunk of its
// own, loaded as the thread's source is made (see thread-question-source.ts).
import { isRecord } from "../protocol/parse-support";
import type { QuestionRecord } from "../protocol/types";
import { defaultDraftStorage } from "../store/default-storage";
import { createFirstSeenTimes } from "../store/first-seen-times";
import type { LocalQuestionSource } from "../store/local-source";
import type { PromptResult } from "../store/types";
import { createHeldResumes } from "./held-resumes";
import { createPromptReader } from "./interrupt-prompts";
import {
  type ReviewAction,
  type ReviewDecision,
  readHeadlessToolRequest,
  type ThreadInterrupt,
} from "./interrupt-shapes";
import { createReviewVerdicts } from "./review-verdicts";
import { callerIdOf, reviewedCallIds, toolOutcomeOf, toolResultOf } from "./thread-messages";
import type {
  AskUserThread,
  ThreadQuestionSource,
  ThreadQuestionSourceOptions,
  UnhandledInterrupt,
} from "./thread-question-source";

const SEEN_KEY_PREFIX = "ask-user-kit:langgraph-seen:";
const HELD_KEY_PREFIX = "ask-user-kit:langgraph-held:";
const REVIEWS_KEY_PREFIX = "ask-user-kit:langgraph-reviews:";
/** What the source keeps of a question it asked, to tell when and how it ended. */
type Tracked = {
  /** A headless tool's call. */
  toolCallId: string | null;
  /** A review's calls, in action order (null where none matched). */
  reviewCalls: Array<string | null>;
  /** A review's tool calls, to match with the messages' calls. */
  actions?: ReviewAction[];
};

/**
 * How a thread's updates become the dock's prompts and its answers resume the run, for the source
 * `local` of one thread.
 */
export function createThreadUpdater(
  local: LocalQuestionSource,
  options: ThreadQuestionSourceOptions,
): Pick<ThreadQuestionSource, "update"> {
  const { words, promptOf } = createPromptReader(options.toolName, options.reviewWords);
  const clock = local.client.clock;
  const storage = options.storage === undefined ? defaultDraftStorage() : options.storage;
  const seenTimes = createFirstSeenTimes(storage, `${SEEN_KEY_PREFIX}${options.threadId}`);
  const unhandled = new Set<string>();
  const asked = new Map<string, Tracked>();
  // Ended here, though a stale list may still show them: never asked again.
  const retired = new Set<string>();
  const held = createHeldResumes(storage, `${HELD_KEY_PREFIX}${options.threadId}`);
  const verdicts = createReviewVerdicts(storage, `${REVIEWS_KEY_PREFIX}${options.threadId}`, words);
  let thread: Pick<AskUserThread, "respond" | "respondAll" | "messages"> = {
    respond: () => undefined,
  };
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
        watchReview(interrupt.id, tracked, value.decisions as ReviewDecision[]);
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

  /** Keeps what a review's decisions approved, to tell later whether those calls ran. */
  const watchReview = (id: string, tracked: Tracked, decisions: ReviewDecision[]): void => {
    const callIds = tracked.reviewCalls.filter((callId): callId is string => callId !== null);
    const approved = decisions.flatMap((decision, index) => {
      const callId = tracked.reviewCalls[index];
      if (decision.type !== "approve" && decision.type !== "edit") return [];
      if (callId === undefined || callId === null) return [];
      return [{ questionId: `action_${index + 1}`, callId }];
    });
    verdicts.watch(id, { approved, callIds, callerId: callerIdOf(callIds, thread.messages ?? []) });
  };

  const settleGone = (thread: AskUserThread, pending: ReadonlySet<string>): void => {
    const messages = thread.messages ?? [];
    for (const [id, tracked] of asked) {
      if (pending.has(id)) continue;
      asked.delete(id);
      retired.add(id);
      seenTimes.forget(id);
      local.settle({ id, ...toolOutcomeOf(tracked.toolCallId, messages) });
    }
  };

  /** Tells (or corrects) what became of the calls of the reviews answered here. */
  const reviewVerdicts = (next: AskUserThread, pending: ReadonlySet<string>): void =>
    verdicts.review(
      next.messages ?? [],
      next.isLoading !== true,
      (id) => pending.has(id) || asked.has(id),
      (id, results: PromptResult[]) => local.report(id, results),
    );

  return {
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
      if (next.isLoading === true) {
        reviewVerdicts(next, pending);
        return;
      }
      settleGone(next, pending);
      reviewVerdicts(next, pending);
      listed = [...pending].filter((id) => asked.has(id) || held.has(id));
      // Sent, or answered elsewhere: no longer the thread's to resume.
      held.release(held.ids().filter((id) => !pending.has(id)));
      local.open();
      // Answers held before a reload whose send never happened.
      void sendHeld().catch(() => undefined);
    },
  };
}
