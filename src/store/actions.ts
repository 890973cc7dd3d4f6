import type { ConnectionState } from "../gateway/types";
import type { ReplyRefusal } from "../protocol/chat-reply";
import type { QuestionAnswers, ResolveResult } from "../protocol/types";
import type { PendingAction, PromptError, PromptResult } from "./types";

/** What `question.get` told us about one id; `unreadable` carries the diagnostic to show. */
export type FetchOutcome =
  | { kind: "record"; record: unknown }
  | { kind: "not-found" }
  | { kind: "unreadable"; diagnostic: string };

/** Everything that can change the store, applied by `reduceQuestions`. */
export type QuestionAction =
  | { type: "question-requested"; record: unknown; atMs: number }
  | { type: "question-resolved"; event: unknown; atMs: number }
  | { type: "reply-refused"; refusal: ReplyRefusal; atMs: number }
  | { type: "results-learned"; id: string; results: PromptResult[] }
  | { type: "resolver-learned"; id: string; createdAtMs: number; resolvedBy: string }
  | { type: "connection-changed"; connection: ConnectionState; clockOffsetMs: number }
  | {
      type: "clock-ticked";
      nowMs: number;
      /** False until the gateway's clock offset is known (first connection): nothing expires yet. */
      offsetKnown?: boolean;
    }
  | { type: "hydration-started"; connectionId: number; attempt: number }
  | {
      type: "hydration-listed";
      connectionId: number;
      records: readonly unknown[];
      atMs: number;
      /** What the api dropped from the list (malformed records), shown in `state.diagnostics`. */
      diagnostics?: readonly string[];
    }
  | {
      type: "hydration-fetched";
      connectionId: number;
      id: string;
      outcome: FetchOutcome;
      atMs: number;
    }
  | { type: "hydration-failed"; connectionId: number; attempt: number; message: string }
  | { type: "hydration-finished"; connectionId: number }
  | { type: "option-chosen"; promptId: string; questionId: string; label: string }
  | { type: "option-toggled"; promptId: string; questionId: string; label: string }
  | { type: "other-text-set"; promptId: string; questionId: string; text: string }
  | { type: "other-chosen"; promptId: string; questionId: string }
  | { type: "step-set"; promptId: string; step: number }
  | { type: "questions-left"; promptId: string; questionIds: readonly string[] }
  | { type: "submit-invalid"; promptId: string; error: PromptError }
  | { type: "submit-started"; promptId: string; action: PendingAction; queued: boolean }
  | { type: "skip-deferred"; promptId: string }
  | { type: "submit-deferred"; promptId: string; answers: QuestionAnswers }
  | { type: "submit-replaced"; promptId: string; from: PendingAction; action: PendingAction }
  | { type: "submit-confirmed"; promptId: string; result: ResolveResult; atMs: number }
  | { type: "submit-rejected"; promptId: string; error: PromptError }
  // `error` is null while disconnected: the send is queued again, with no error to show.
  | { type: "submit-unconfirmed"; promptId: string; error: PromptError | null }
  | { type: "submit-reconciled"; promptId: string; outcome: FetchOutcome; atMs: number }
  | { type: "submit-withheld"; promptId: string }
  | { type: "active-prompt-set"; scopeKey: string; promptId: string }
  | { type: "expanded-set"; scopeKey: string; expanded: boolean }
  | { type: "prompt-forgotten"; promptId: string }
  | { type: "prompt-reopened"; promptId: string }
  | { type: "url-opened"; promptId: string; atMs: number };

/** The `type` tag of every action. */
export type QuestionActionType = QuestionAction["type"];
