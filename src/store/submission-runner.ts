import { GatewayRequestError, isOutcomeUnknownError, isQuestionError } from "../gateway/errors";
import { canonicalizeAnswers } from "../protocol/canonicalize-answers";
import type { ResolveResult } from "../protocol/types";
import type { FetchOutcome, QuestionAction } from "./actions";
import { checkedRules } from "./answer-issues";
import { draftToAnswers } from "./draft-values";
import { fetchOutcome } from "./fetch-outcome";
import { intendedAction, mayHaveLanded } from "./outcomes";
import type { QuestionSource } from "./question-source";
import { hasMaskedSecret } from "./secret-answers";
import type { PendingAction, PromptEntry, PromptError, QuestionStoreState } from "./types";

/** What the submission runner needs from the store. */
export type SubmissionDeps = {
  api: QuestionSource;
  now(): number;
  getState(): QuestionStoreState;
  dispatch(action: QuestionAction): void;
};

/** Submit, skip and retry with locking and reconciliation. */
export type SubmissionRunner = {
  submit(promptId: string): Promise<void>;
  skip(promptId: string): Promise<void>;
  retry(promptId: string): Promise<void>;
  /** Sends every prompt still `queued` after a hydration, once. */
  flushQueued(): Promise<void>;
};

function toPromptError(error: unknown): PromptError {
  if (error instanceof GatewayRequestError) {
    return { questionId: null, code: error.code, reason: error.reason, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { questionId: null, code: "UNKNOWN_OUTCOME", reason: null, message };
}

/** An answer restored from storage with its secret masked: it may be matched, never sent. */
function isMaskedAnswer(entry: PromptEntry, action: PendingAction): boolean {
  return action.kind === "resolve" && hasMaskedSecret(entry.record, action.answers);
}

function isConnected(api: QuestionSource): boolean {
  return api.client.getState().status === "connected";
}

/** Creates the runner; every send goes through `submit-started`, so a prompt is never sent twice at once. */
export function createSubmissionRunner(deps: SubmissionDeps): SubmissionRunner {
  const { api } = deps;

  /** The gateway's record after an unknown outcome, or null once the failed check is shown. */
  const check = async (promptId: string): Promise<FetchOutcome | null> => {
    try {
      return await fetchOutcome(api, promptId);
    } catch (error) {
      deps.dispatch({
        type: "submit-unconfirmed",
        promptId,
        error: isConnected(api) ? toPromptError(error) : null,
      });
      return null;
    }
  };

  const reconcile = async (promptId: string): Promise<void> => {
    if (!isConnected(api)) {
      deps.dispatch({ type: "submit-unconfirmed", promptId, error: null });
      return;
    }
    const outcome = await check(promptId);
    if (outcome !== null) {
      deps.dispatch({ type: "submit-reconciled", promptId, outcome, atMs: deps.now() });
    }
  };

  const call = (entry: PromptEntry, action: PendingAction): Promise<ResolveResult> => {
    const options = { expiresAtMs: entry.record.expiresAtMs };
    return action.kind === "resolve"
      ? api.resolve(entry.id, action.answers, options)
      : api.cancel(entry.id, options);
  };

  const send = async (entry: PromptEntry, action: PendingAction): Promise<void> => {
    try {
      const result = await call(entry, action);
      deps.dispatch({ type: "submit-confirmed", promptId: entry.id, result, atMs: deps.now() });
    } catch (error) {
      const mustReconcile =
        isOutcomeUnknownError(error) ||
        isQuestionError(error, "QUESTION_ALREADY_TERMINAL") ||
        isQuestionError(error, "QUESTION_NOT_FOUND");
      if (mustReconcile) return reconcile(entry.id);
      deps.dispatch({ type: "submit-rejected", promptId: entry.id, error: toPromptError(error) });
    }
  };

  /** Locks the prompt (`submitting`, or `queued` while offline) and sends when connected. */
  const start = async (promptId: string, action: PendingAction): Promise<void> => {
    const queued = !isConnected(api);
    deps.dispatch({ type: "submit-started", promptId, action, queued });
    const entry = deps.getState().prompts.get(promptId);
    if (queued || entry?.status !== "submitting" || entry.sent !== action) return;
    await send(entry, action);
  };

  /** `next` replaces the unconfirmed send only once a check (now, or the next hydration) shows it never landed. */
  const deferReplacement = (promptId: string, next: PendingAction): void => {
    deps.dispatch(
      next.kind === "cancel"
        ? { type: "skip-deferred", promptId }
        : { type: "submit-deferred", promptId, answers: next.answers },
    );
  };

  /**
   * `previous` was sent and its outcome is unknown: check with `question.get` first (so the outcome
   * is matched against what was really sent), and only if it never landed send `next`: the same
   * action again (retry), a cancel (Skip), or the current draft (Submit). Offline, it waits in the
   * queue for the next hydration.
   */
  const resend = async (
    entry: PromptEntry,
    previous: PendingAction,
    next: PendingAction = previous,
  ): Promise<void> => {
    const queued = !isConnected(api);
    deps.dispatch({ type: "submit-started", promptId: entry.id, action: previous, queued });
    // Recorded before the check: a failed check or a reload then still sends `next`, not `previous`.
    if (next !== previous) deferReplacement(entry.id, next);
    const locked = deps.getState().prompts.get(entry.id);
    if (queued || locked?.status !== "submitting" || locked.sent !== previous) return;
    const outcome = await check(entry.id);
    if (outcome === null) return;
    const stillPending =
      outcome.kind === "record" && (outcome.record as { status?: unknown }).status === "pending";
    if (!stillPending) {
      deps.dispatch({ type: "submit-reconciled", promptId: entry.id, outcome, atMs: deps.now() });
      return;
    }
    if (next === previous) return send(locked, previous);
    deps.dispatch({ type: "submit-replaced", promptId: entry.id, from: previous, action: next });
    const replaced = deps.getState().prompts.get(entry.id);
    if (replaced?.status !== "submitting" || replaced.sent !== next) return;
    await send(replaced, next);
  };

  /** The draft as a resolve, or null once the reason it cannot be sent is shown. */
  const draftAction = (entry: PromptEntry): PendingAction | null => {
    const state = deps.getState();
    const raw = draftToAnswers(entry.record, state.drafts.get(entry.id));
    // A source that checks answers itself (an MCP form's schema) is the judge of its fields.
    const check = state.answerCheckOf?.(entry.id);
    const rules = check === undefined ? undefined : checkedRules(check(raw));
    const checked = canonicalizeAnswers(entry.record.questions, raw, rules);
    if (checked.ok) return { kind: "resolve", answers: checked.value };
    const { questionId, code, reason, message } = checked.error;
    deps.dispatch({
      type: "submit-invalid",
      promptId: entry.id,
      error: { questionId, code, reason, message },
    });
    return null;
  };

  const submit = async (promptId: string): Promise<void> => {
    const entry = deps.getState().prompts.get(promptId);
    if (entry === undefined) return;
    // A queued action that never went out may be replaced; one that may have landed stays.
    const replaceQueued = entry.status === "queued" && !mayHaveLanded(entry);
    if (entry.status !== "pending" && !replaceQueued) return;
    // A URL prompt is answered by opening its URL (`openUrl`), never with a typed value.
    if (entry.record.questions[0]?.openUrl !== undefined) return;
    const action = draftAction(entry);
    if (action === null) return;
    // The earlier send may have landed: checked first, so the draft goes out only if it did not.
    if (entry.status === "pending" && entry.sent !== null) return resend(entry, entry.sent, action);
    if (replaceQueued) {
      deps.dispatch({ type: "submit-started", promptId, action, queued: true });
      return;
    }
    await start(promptId, action);
  };

  /** Skip is always available: while queued it replaces an unsent action, or follows an unconfirmed one. */
  const skip = async (promptId: string): Promise<void> => {
    const entry = deps.getState().prompts.get(promptId);
    if (entry === undefined) return;
    const cancel: PendingAction = { kind: "cancel" };
    if (entry.status === "queued") {
      if (mayHaveLanded(entry)) deps.dispatch({ type: "skip-deferred", promptId });
      else deps.dispatch({ type: "submit-started", promptId, action: cancel, queued: true });
      return;
    }
    if (entry.status !== "pending") return;
    if (entry.sent !== null) return resend(entry, entry.sent, cancel);
    await start(promptId, cancel);
  };

  /** Sends again what the user last chose: the unconfirmed action, or the replacement pressed meanwhile. */
  const retry = async (promptId: string): Promise<void> => {
    const entry = deps.getState().prompts.get(promptId);
    if (entry === undefined || entry.status !== "pending") return;
    const intended = intendedAction(entry);
    if (entry.sent === null || intended === null) {
      if (entry.error !== null) return submit(promptId);
      return;
    }
    // A masked answer cannot go out again: the draft does, once the check shows it never landed.
    if (isMaskedAnswer(entry, intended)) return submit(promptId);
    return resend(entry, entry.sent, intended);
  };

  const flushQueued = async (): Promise<void> => {
    const state = deps.getState();
    const queued = state.order
      .map((id) => state.prompts.get(id))
      .filter((entry): entry is PromptEntry => entry?.status === "queued" && entry.sent !== null);
    const flush = async (entry: PromptEntry): Promise<void> => {
      const action = intendedAction(entry);
      if (action === null) return;
      if (isMaskedAnswer(entry, action))
        deps.dispatch({ type: "submit-withheld", promptId: entry.id });
      else await start(entry.id, action);
    };
    await Promise.all(queued.map(flush));
  };

  return { submit, skip, retry, flushQueued };
}
