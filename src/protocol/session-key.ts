/** Agent a bare session key belongs to on a gateway with no agents configured. */
export const DEFAULT_AGENT_ID = "main";

const AGENT_SESSION_KEY = /^agent:([^:]+):(.+)$/;

/**
 * The stored form of a session key, as the gateway keeps it: lower-case `agent:<agentId>:<rest>`.
 * A bare key (`main`) belongs to the given agent, else to `DEFAULT_AGENT_ID`.
 */
export function canonicalSessionKey(sessionKey: string, agentId?: string): string {
  const lowered = sessionKey.trim().toLowerCase();
  if (AGENT_SESSION_KEY.test(lowered)) return lowered;
  return `agent:${agentId ?? DEFAULT_AGENT_ID}:${lowered}`;
}
