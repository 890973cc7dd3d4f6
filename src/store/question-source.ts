import type { GatewayClient, QuestionApi } from "../gateway/types";
import type { FieldIssue } from "../protocol/form-field";
import type { QuestionAnswers } from "../protocol/types";
import type { SourceParts } from "./part-gate";
import type { PromptResult } from "./types";

/**
 * A source's own check of a prompt's answers, beyond the kit's field rules (an MCP form is checked
 * against its server's whole schema): the rule each question's answer breaks, by question id. It
 * is given every question's value, empty ones too, as Submit would send them.
 */
export type AnswerCheck = (answers: QuestionAnswers) => ReadonlyMap<string, FieldIssue>;

/**
 * Where the store's questions come from and where its answers go: the few methods it calls. The
 * OpenClaw gateway's question API (`createQuestionApi`) is one implementation; another agent stack
 * implements the same methods over its own transport.
 */
export type QuestionSource = Pick<
  QuestionApi,
  "list" | "get" | "resolve" | "cancel" | "onRequested" | "onResolved"
> & {
  /** The user opened the URL of the URL prompt `id`; only a source that asks with URLs has it. */
  openUrl?(id: string): Promise<void>;
  /** The connection: its state and changes, its clock, and how far the source's clock is from ours. */
  readonly client: Pick<
    GatewayClient,
    "getState" | "subscribe" | "getConnectionId" | "getClockOffsetMs" | "clock"
  >;
  /**
   * The check of prompt `id`'s answers, when its source has one; it then decides alone which
   * answers may be sent (the kit's field rules still shape the inputs and name the rules).
   */
  answerCheck?(id: string): AnswerCheck | undefined;
  /**
   * What became of a prompt's answers once its agent went on (a reviewed tool call that did not
   * run), shown in its summary; only a source that learns it has it.
   */
  onResults?(listener: (event: { id: string; results: PromptResult[] }) => void): () => void;
  /**
   * The parts the source loads apart (`import()`) to read its questions: a question that waits on
   * one that did not load is reported, so the page can say so and load it again.
   */
  parts?: SourceParts;
};
