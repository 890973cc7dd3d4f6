import { canonicalSessionKey } from "../protocol/session-key";
import type { QuestionRecord } from "../protocol/types";
import { DEFAULT_SESSION_KEY } from "./constants";
import type { SessionScope } from "./types";

export { canonicalSessionKey };

/** Stable string key of a session pane, for `state.sessions`. */
export function scopeKey(scope: SessionScope): string {
  const sessionKey = canonicalSessionKey(scope.sessionKey, scope.agentId);
  return scope.agentId === undefined ? sessionKey : `${sessionKey}\u0000${scope.agentId}`;
}

/**
 * True when a record belongs to the pane: the same session once both keys are in stored form
 * (`main` and `agent:main:main` are one session; a record without `sessionKey` belongs to
 * `DEFAULT_SESSION_KEY`), and the same `agentId` when the scope names one.
 */
export function recordMatchesScope(record: QuestionRecord, scope: SessionScope): boolean {
  const recordKey = canonicalSessionKey(record.sessionKey ?? DEFAULT_SESSION_KEY, record.agentId);
  if (recordKey !== canonicalSessionKey(scope.sessionKey, scope.agentId)) return false;
  return scope.agentId === undefined || record.agentId === scope.agentId;
}
