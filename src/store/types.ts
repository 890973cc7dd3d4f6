import type { ConnectionState } from "../gateway/types";
import type { QuestionAnswers, QuestionRecord, QuestionResolvedEvent } from "../protocol/types";
import type { PromptState } from "./prompt-state";
import type { AnswerCheck } from "./question-source";

/** Status of a prompt as this client sees it. */
export type PromptStatus =
  | "pending"
  | "submitting"
  | "queued"
  | "answered"
  | "cancelled"
  | "expired"
  | "unavailable";

/** The user's unsent work on one question. */
export type QuestionDraft = { selected: string[]; otherText: string };

/** The user's unsent work on one prompt. */
export type PromptDraft = {
  questions: ReadonlyMap<string, QuestionDraft>;
  step: number;
  /**
   * Questions the user moved on from, or tried to (Next, Submit, leaving the field): a missing
   * answer is said at the field from then on. Kept in memory only.
   */
  left?: ReadonlySet<string>;
};

/** A field-level or request-level error shown to the user. */
export type PromptError = {
  questionId: string | null;
  code: string;
  reason: string | null;
  message: string;
};

/** What this client tried to send, kept until the outcome is known. */
export type PendingAction = { kind: "resolve"; answers: QuestionAnswers } | { kind: "cancel" };

/** How the action in `PromptEntry.sent` is getting on; absent when nothing was sent or queued. */
export type SendProgress = {
  /** `sent` went on the wire at least once, so the gateway may have applied it (outcome unknown). */
  reachedWire: boolean;
  /** Skip was pressed while this unconfirmed send waited: cancel after the next hydration if still pending. */
  skipAfterReconcile: boolean;
  /** Submit was pressed with these answers while this unconfirmed send waited: sent instead after the next hydration if still pending. */
  answersAfterReconcile?: QuestionAnswers;
  /** Our clock expired the prompt while it was `queued`; if the gateway still lists it, it is queued again. */
  wasQueued: boolean;
};

/** One prompt (gateway record + local view). */
export type PromptEntry = {
  id: string;
  record: QuestionRecord;
  status: PromptStatus;
  /** The resolution was not the one this client sent (or this client sent nothing). */
  answeredElsewhere: boolean;
  /** Final answers (answered), if known. */
  answers: QuestionAnswers | null;
  /** What this client sent or queued and is not yet confirmed; kept visible when it was never sent. */
  sent: PendingAction | null;
  /** Delivery of `sent`; absent means unknown, treated as "may have reached the gateway". */
  progress?: SendProgress;
  /** An answer the user composed but that never reached the gateway (expired / unavailable / lost). */
  unsentAnswers: QuestionAnswers | null;
  outcomeAtMs: number | null;
  error: PromptError | null;
  /** The gateway refused a chat message as this question's plain-text answer; it is still open. */
  replyRefusal?: ReplyRefusalNote | null;
  /** When this user opened the URL of a URL prompt: it then waits for the source to say the visit is done. */
  openedAtMs?: number;
  /** What became of answers beyond the answers themselves, in the source's words (a reviewed call that did not run). */
  results?: readonly PromptResult[];
};

/** A source's word on what became of one question's answer. */
export type PromptResult = { questionId: string; text: string };

/** Why the last chat message meant as the answer did not answer it, and when that was heard. */
export type ReplyRefusalNote = { reason: string; atMs: number };

/** UI state of one session pane (`sessionKey` + optional `agentId`). */
export type SessionView = { activePromptId: string | null; expanded: boolean };

/** Identifies a session pane. */
export type SessionScope = { sessionKey: string; agentId?: string };

/** A `question.resolved` event that arrived before its record, and when it arrived (local ms). */
export type OrphanResolution = { event: QuestionResolvedEvent; atMs: number };

/**
 * Everything the store holds. Ids come from the gateway and the model, so every collection keyed
 * by one is a Map: an id such as `constructor` or `__proto__` is data, never an object key.
 */
export type QuestionStoreState = {
  prompts: ReadonlyMap<string, PromptEntry>;
  /** Order of arrival, for stable lists. */
  order: string[];
  drafts: ReadonlyMap<string, PromptDraft>;
  sessions: ReadonlyMap<string, SessionView>;
  /**
   * `question.resolved` events for ids not yet known, with the local time each arrived: applied
   * only to a request created before then, forgotten after a while, and bounded in number.
   */
  orphanResolutions: ReadonlyMap<string, OrphanResolution>;
  connection: ConnectionState;
  hydration: {
    status: "idle" | "running" | "failed" | "done";
    attempt: number;
    connectionId: number;
  };
  /** Gateway clock minus local clock. */
  clockOffsetMs: number;
  /** Local time, advanced by the store's ticker (drives countdowns and local expiry). */
  nowMs: number;
  diagnostics: string[];
  /**
   * Why drafts and prompts are not kept across a reload: the part that stores them did not load
   * (a network error). The page keeps them in memory; `retryStorage()` loads the part again.
   */
  storageFailure: string | null;
  /**
   * Why a question from the source cannot be shown yet: the part of the page that reads it did
   * not load (a network error). The question waits with the source; `retrySource()` loads the
   * part again.
   */
  sourceFailure: string | null;
  /** The source's own check of a prompt's answers (`QuestionSource.answerCheck`), when it has one. */
  answerCheckOf?: (promptId: string) => AnswerCheck | undefined;
};

/** Actions beside the state. */
export type QuestionStoreActions = {
  start(): void;
  stop(): void;
  chooseOption(promptId: string, questionId: string, label: string): void;
  toggleOption(promptId: string, questionId: string, label: string): void;
  setOtherText(promptId: string, questionId: string, text: string): void;
  /** Single-select: answers with the free text kept beside a chosen option (the option is unchosen). */
  chooseOther(promptId: string, questionId: string): void;
  goToStep(promptId: string, step: number): void;
  /** The user left these questions or tried to go past them: a missing answer is said at each. */
  leaveQuestions(promptId: string, questionIds: readonly string[]): void;
  submit(promptId: string): Promise<void>;
  skip(promptId: string): Promise<void>;
  retry(promptId: string): Promise<void>;
  setActivePrompt(scope: SessionScope, promptId: string): void;
  setExpanded(scope: SessionScope, expanded: boolean): void;
  /** Forgets an ended prompt: removes it, its timeline summary and its stored copy (a waiting prompt is kept). */
  forget(promptId: string): void;
  /**
   * Brings back an optional question (an OpenClaw async one) this user dismissed: it waits again
   * and its pane shows it. Anything else is left as it is.
   */
  reopen(promptId: string): Promise<void>;
  /**
   * The user opened the URL of a waiting URL prompt (the view opens it, in the click): the source
   * hears it once (an MCP client answers `accept`) and the prompt waits until the source says the
   * visit is done, the user dismisses it, or its deadline passes.
   */
  openUrl(promptId: string): Promise<void>;
  /**
   * Loads the storage part again after it failed (`storageFailure`): what an earlier page stored
   * is restored (what this page holds wins) and checked with the source, and what this page holds
   * is written.
   */
  retryStorage(): Promise<void>;
  /** Loads the source's parts again after they failed (`sourceFailure`): its questions then show. */
  retrySource(): Promise<void>;
};

/** The store value. */
export type QuestionStore = QuestionStoreState & QuestionStoreActions;

/** An ended prompt placed in the host's timeline, in the agent turn (`runId`) that asked. */
export type TimelineItem = {
  promptId: string;
  runId: string | null;
  createdAtMs: number;
  outcomeAtMs: number | null;
  /** What became of the question and where this user's send stands. */
  state: PromptState;
  /** Pass it whole to `<AnswerSummary entry>`. */
  entry: PromptEntry;
};

/** Where drafts survive a page reload (sessionStorage in a browser). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
