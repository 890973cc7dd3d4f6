import type { QuestionAction } from "./actions";
import { isBlockingStatus } from "./outcomes";
import {
  reduceActivePromptSet,
  reduceExpandedSet,
  reduceOptionChosen,
  reduceOptionToggled,
  reduceOtherChosen,
  reduceOtherTextSet,
  reduceQuestionsLeft,
  reduceStepSet,
} from "./reduce-drafts";
import {
  reduceReplyRefused,
  reduceRequested,
  reduceResolved,
  reduceResolverLearned,
  reduceTick,
} from "./reduce-gateway-events";
import {
  reduceFetched,
  reduceHydrationFailed,
  reduceHydrationFinished,
  reduceHydrationStarted,
  reduceListed,
} from "./reduce-hydration";
import { reducePromptReopened } from "./reduce-reopen";
import {
  reduceSkipDeferred,
  reduceSubmitConfirmed,
  reduceSubmitDeferred,
  reduceSubmitInvalid,
  reduceSubmitReconciled,
  reduceSubmitRejected,
  reduceSubmitReplaced,
  reduceSubmitStarted,
  reduceSubmitUnconfirmed,
  reduceSubmitWithheld,
} from "./reduce-submission";
import { StateTransaction } from "./transaction";
import type { QuestionStoreState } from "./types";

function apply(tx: StateTransaction<QuestionStoreState>, action: QuestionAction): void {
  switch (action.type) {
    case "question-requested":
      reduceRequested(tx, action.record, action.atMs);
      return;
    case "question-resolved":
      reduceResolved(tx, action.event, action.atMs);
      return;
    case "reply-refused":
      reduceReplyRefused(tx, action.refusal, action.atMs);
      return;
    case "results-learned": {
      const entry = tx.prompt(action.id);
      if (entry !== undefined) tx.setPrompt({ ...entry, results: action.results });
      return;
    }
    case "resolver-learned":
      reduceResolverLearned(tx, action.id, action.createdAtMs, action.resolvedBy);
      return;
    case "connection-changed":
      tx.state.connection = action.connection;
      tx.state.clockOffsetMs = action.clockOffsetMs;
      return;
    case "clock-ticked":
      reduceTick(tx, action.nowMs, action.offsetKnown !== false);
      return;
    case "hydration-started":
      reduceHydrationStarted(tx, action.connectionId, action.attempt);
      return;
    case "hydration-listed":
      reduceListed(tx, action.connectionId, action.records, action.atMs, action.diagnostics);
      return;
    case "hydration-fetched":
      reduceFetched(tx, action.connectionId, action.id, action.outcome, action.atMs);
      return;
    case "hydration-failed":
      reduceHydrationFailed(tx, action.connectionId, action.attempt, action.message);
      return;
    case "hydration-finished":
      reduceHydrationFinished(tx, action.connectionId);
      return;
    case "option-chosen":
      reduceOptionChosen(tx, action.promptId, action.questionId, action.label);
      return;
    case "option-toggled":
      reduceOptionToggled(tx, action.promptId, action.questionId, action.label);
      return;
    case "other-chosen":
      reduceOtherChosen(tx, action.promptId, action.questionId);
      return;
    case "other-text-set":
      reduceOtherTextSet(tx, action.promptId, action.questionId, action.text);
      return;
    case "step-set":
      reduceStepSet(tx, action.promptId, action.step);
      return;
    case "questions-left":
      reduceQuestionsLeft(tx, action.promptId, action.questionIds);
      return;
    case "submit-invalid":
      reduceSubmitInvalid(tx, action.promptId, action.error);
      return;
    case "submit-started":
      reduceSubmitStarted(tx, action.promptId, action.action, action.queued);
      return;
    case "skip-deferred":
      reduceSkipDeferred(tx, action.promptId);
      return;
    case "submit-deferred":
      reduceSubmitDeferred(tx, action.promptId, action.answers);
      return;
    case "submit-replaced":
      reduceSubmitReplaced(tx, action.promptId, action.from, action.action);
      return;
    case "submit-confirmed":
      reduceSubmitConfirmed(tx, action.promptId, action.result, action.atMs);
      return;
    case "submit-rejected":
      reduceSubmitRejected(tx, action.promptId, action.error);
      return;
    case "submit-unconfirmed":
      reduceSubmitUnconfirmed(tx, action.promptId, action.error);
      return;
    case "submit-reconciled":
      reduceSubmitReconciled(tx, action.promptId, action.outcome, action.atMs);
      return;
    case "submit-withheld":
      reduceSubmitWithheld(tx, action.promptId);
      return;
    case "active-prompt-set":
      reduceActivePromptSet(tx, action.scopeKey, action.promptId);
      return;
    case "expanded-set":
      reduceExpandedSet(tx, action.scopeKey, action.expanded);
      return;
    case "url-opened": {
      const entry = tx.prompt(action.promptId);
      if (entry?.status === "pending" && entry.openedAtMs === undefined)
        tx.setPrompt({ ...entry, openedAtMs: action.atMs });
      return;
    }
    case "prompt-forgotten": {
      const entry = tx.prompt(action.promptId);
      if (entry === undefined || isBlockingStatus(entry.status)) return;
      tx.removePrompt(action.promptId);
      tx.setDraft(action.promptId, null);
      return;
    }
    case "prompt-reopened":
      reducePromptReopened(tx, action.promptId);
      return;
    default:
      action satisfies never;
  }
}

/** The store's one pure reducer: returns the next state, never mutates `state`. */
export function reduceQuestions<State extends QuestionStoreState>(
  state: State,
  action: QuestionAction,
): State {
  return reduceQuestionBatch(state, [action]);
}

/** Applies actions in order, copying each collection at most once for the whole batch (linear in the batch). */
export function reduceQuestionBatch<State extends QuestionStoreState>(
  state: State,
  actions: readonly QuestionAction[],
): State {
  const tx = new StateTransaction(state);
  // The handlers only touch QuestionStoreState fields; the extra fields of State ride along untouched.
  const view = tx as unknown as StateTransaction<QuestionStoreState>;
  for (const action of actions) apply(view, action);
  return tx.finish();
}
