import type { ConnectionState } from "../gateway/types";
import { MAX_TIMEOUT_SECONDS } from "../protocol/constants";
import { isBlockingStatus } from "./outcomes";
import { recordMatchesScope, scopeKey } from "./scope";
import type { PromptEntry, QuestionStoreState, SessionScope } from "./types";

type Memo<T> = WeakMap<QuestionStoreState["prompts"], Map<string, T>>;

const pendingMemo: Memo<PromptEntry[]> = new WeakMap();
const waitingMemo = new WeakMap<QuestionStoreState["prompts"], number>();

/** Caches per `state.prompts` object: it is replaced whenever any prompt changes. */
export function memoizeByPrompts<T>(
  memo: Memo<T>,
  state: QuestionStoreState,
  key: string,
  compute: () => T,
): T {
  let byKey = memo.get(state.prompts);
  if (byKey === undefined) {
    byKey = new Map();
    memo.set(state.prompts, byKey);
  }
  const cached = byKey.get(key);
  if (cached !== undefined) return cached;
  const value = compute();
  byKey.set(key, value);
  return value;
}

/** Prompts of a session in the given order of arrival, sorted by `createdAtMs` (oldest first). */
export function collectInScope(
  state: QuestionStoreState,
  scope: SessionScope,
  keep: (entry: PromptEntry) => boolean,
): PromptEntry[] {
  const entries: PromptEntry[] = [];
  for (const id of state.order) {
    const entry = state.prompts.get(id);
    if (entry !== undefined && keep(entry) && recordMatchesScope(entry.record, scope))
      entries.push(entry);
  }
  return entries.sort((left, right) => left.record.createdAtMs - right.record.createdAtMs);
}

/** One prompt by id. */
export function selectPrompt(state: QuestionStoreState, promptId: string): PromptEntry | undefined {
  return state.prompts.get(promptId);
}

/** An optional question (an OpenClaw async one): the agent works on while it waits. */
export function isOptionalPrompt(entry: PromptEntry): boolean {
  return entry.record.origin === "async";
}

/**
 * An optional question whose answer this user sent and that is on its way: being sent, queued
 * offline, or refused by the send (not by a rule of the answer). Its summary says so meanwhile.
 */
export function isOptionalAnswerOnItsWay(entry: PromptEntry): boolean {
  if (!isOptionalPrompt(entry)) return false;
  if (entry.status === "submitting" || entry.status === "queued")
    return entry.sent?.kind === "resolve";
  return entry.status === "pending" && entry.error !== null && entry.error.questionId === null;
}

/**
 * Prompts of a session still waiting (pending, submitting or queued), oldest first, the questions
 * an agent waits on before the optional ones; stable between unrelated changes.
 */
export function selectPendingPrompts(
  state: QuestionStoreState,
  scope: SessionScope,
): PromptEntry[] {
  return memoizeByPrompts(pendingMemo, state, scopeKey(scope), () =>
    collectInScope(state, scope, (entry) => isBlockingStatus(entry.status)).sort(
      (left, right) => Number(isOptionalPrompt(left)) - Number(isOptionalPrompt(right)),
    ),
  );
}

/**
 * Id of the request the pane shows: the one the user chose while it waits, else the oldest waiting
 * one. Oldest, not newest: a request that arrives while the user answers another must not take the
 * pane (and the focused field) from under their keys; it waits behind request navigation.
 */
export function selectActivePromptId(
  state: QuestionStoreState,
  scope: SessionScope,
): string | null {
  const pending = selectPendingPrompts(state, scope);
  const chosen = state.sessions.get(scopeKey(scope))?.activePromptId ?? null;
  const chosenEntry = pending.find((entry) => entry.id === chosen);
  // An optional question gives way to one the agent waits on that was asked after it.
  const overtaken =
    chosenEntry !== undefined &&
    isOptionalPrompt(chosenEntry) &&
    pending.some(
      (entry) =>
        !isOptionalPrompt(entry) && entry.record.createdAtMs > chosenEntry.record.createdAtMs,
    );
  if (chosenEntry !== undefined && !overtaken) return chosenEntry.id;
  return pending[0]?.id ?? null;
}

/** The request the pane shows, if any. */
export function selectActivePrompt(
  state: QuestionStoreState,
  scope: SessionScope,
): PromptEntry | null {
  const id = selectActivePromptId(state, scope);
  return id === null ? null : (state.prompts.get(id) ?? null);
}

/** Request navigation ("‹ 1/2 ›"): 0-based `index` of the active request (-1 when none) among `total` waiting. */
export function selectRequestPosition(
  state: QuestionStoreState,
  scope: SessionScope,
): { index: number; total: number } {
  const pending = selectPendingPrompts(state, scope);
  const id = selectActivePromptId(state, scope);
  return { index: pending.findIndex((entry) => entry.id === id), total: pending.length };
}

/** Above this, a time left is more than the protocol allows (`MAX_TIMEOUT_SECONDS`). */
export const TIME_LEFT_BEYOND_PROTOCOL_MS = MAX_TIMEOUT_SECONDS * 1000 + 1000;

/** A local source's prompt with a longer timeout has no deadline: it waits as long as its agent. */
const NO_DEADLINE_BEYOND_MS = 24 * 3_600_000;

/**
 * Milliseconds until the prompt expires on the gateway clock, within [0, whole timeout]; null once
 * it ended, and for a local source's prompt that has no deadline (a graph's review waits as long
 * as its thread). A deadline beyond what the protocol allows reads as `TIME_LEFT_BEYOND_PROTOCOL_MS`.
 */
export function selectTimeLeftMs(state: QuestionStoreState, promptId: string): number | null {
  const entry = state.prompts.get(promptId);
  if (entry === undefined || !isBlockingStatus(entry.status)) return null;
  const { createdAtMs, expiresAtMs } = entry.record;
  // The clock offset is estimated from the challenge ts, which lags the real gateway clock by the
  // transit time, so a fresh prompt would otherwise show more than its whole timeout.
  const wholeTimeoutMs = Math.max(0, expiresAtMs - createdAtMs);
  if (entry.record.origin !== undefined && wholeTimeoutMs > NO_DEADLINE_BEYOND_MS) return null;
  const leftMs = expiresAtMs - (state.nowMs + state.clockOffsetMs);
  return Math.min(wholeTimeoutMs, TIME_LEFT_BEYOND_PROTOCOL_MS, Math.max(0, leftMs));
}

/** Whether the pane's panel is expanded (true until the user collapses it). */
export function selectIsExpanded(state: QuestionStoreState, scope: SessionScope): boolean {
  return state.sessions.get(scopeKey(scope))?.expanded ?? true;
}

/** How many prompts (all sessions) wait for an answer, for a title badge. */
export function selectWaitingCount(state: QuestionStoreState): number {
  const cached = waitingMemo.get(state.prompts);
  if (cached !== undefined) return cached;
  let count = 0;
  for (const id of state.order) {
    const entry = state.prompts.get(id);
    if (entry !== undefined && isBlockingStatus(entry.status)) count += 1;
  }
  waitingMemo.set(state.prompts, count);
  return count;
}

/** The gateway connection as a UI renders it. */
export function selectConnection(state: QuestionStoreState): ConnectionState {
  return state.connection;
}

/** Problems the store met (malformed records, failed hydrations), newest last. */
export function selectDiagnostics(state: QuestionStoreState): string[] {
  return state.diagnostics;
}

/**
 * The question a chat message sent in the pane's session would answer as plain text: the newest
 * waiting one a run asked (only a run waits on its question's reply), or null.
 */
export function selectReplyTarget(
  state: QuestionStoreState,
  scope: SessionScope,
): PromptEntry | null {
  let target: PromptEntry | null = null;
  for (const entry of selectPendingPrompts(state, scope)) {
    if (entry.record.runId === undefined || !isBlockingStatus(entry.status)) continue;
    if (target === null || entry.record.createdAtMs > target.record.createdAtMs) target = entry;
  }
  return target;
}

/** Why the last chat reply to a still-open question was refused, or null. */
export function selectReplyRefusal(state: QuestionStoreState, promptId: string): string | null {
  const entry = state.prompts.get(promptId);
  if (entry === undefined || !isBlockingStatus(entry.status)) return null;
  return entry.replyRefusal?.reason ?? null;
}
