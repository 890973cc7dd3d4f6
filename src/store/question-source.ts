import type { GatewayClient, QuestionApi } from "../gateway/types";

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
};
