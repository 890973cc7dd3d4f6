import { isRecord } from "./parse-support";

/** `resolvedBy` of a question answered by a chat message (the plain-text reply rules). */
export const PLAIN_TEXT_RESOLVER = "plain-text";

/**
 * How the gateway begins the `chat` error it sends when a chat message meant as the answer to a
 * pending question did not answer it (the question stays open).
 */
export const REPLY_REFUSAL_PREFIX = "The answer was not accepted";

/** A refused plain-text reply: the session whose question is still open, and why. */
export type ReplyRefusal = {
  sessionKey: string;
  /** The chat message's own run id (its idempotency key), not the asking run's. */
  runId: string | null;
  /** The gateway's reason, e.g. "question 'checks' requires an answer". */
  reason: string;
  /** The whole message as the gateway sent it. */
  message: string;
};

// "The answer was not accepted: <reason>. <advice>" or "...not accepted because <reason>. <advice>"
const REASON = /^The answer was not accepted(?::\s*|\s+because\s+)(.*?)\.(?:\s|$)/su;

/** Reads a `chat` event payload; a refused plain-text reply, or null for any other chat event. */
export function parseReplyRefusal(payload: unknown): ReplyRefusal | null {
  if (!isRecord(payload) || payload.state !== "error") return null;
  const { sessionKey, runId, errorMessage } = payload;
  if (typeof sessionKey !== "string" || typeof errorMessage !== "string") return null;
  if (!errorMessage.startsWith(REPLY_REFUSAL_PREFIX)) return null;
  const reason = REASON.exec(errorMessage)?.[1]?.trim() ?? "";
  return {
    sessionKey,
    runId: typeof runId === "string" ? runId : null,
    reason: reason === "" ? errorMessage : reason,
    message: errorMessage,
  };
}
