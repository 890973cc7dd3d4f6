import type { GatewayErrorShape } from "../protocol/types";
import { errorShape, MOCK_ERROR_CODES } from "./mock-errors";

/** The only agent an unconfigured gateway knows. */
export const DEFAULT_AGENT_ID = "main";
const AGENT_KEY_PATTERN = /^agent:([^:]+):(.+)$/;

/** A session key resolved to its stored form and owning agent. */
export type ResolvedSession = { agentId: string; sessionKey: string };

/** Resolves a requested session key the way an unconfigured gateway stores it. */
export function resolveSessionKey(
  sessionKey: string,
  agentId: string | undefined,
): { ok: true; value: ResolvedSession } | { ok: false; error: GatewayErrorShape } {
  const lowered = sessionKey.trim().toLowerCase();
  const match = AGENT_KEY_PATTERN.exec(lowered);
  if (match !== null) {
    return { ok: true, value: { agentId: match[1] ?? DEFAULT_AGENT_ID, sessionKey: lowered } };
  }
  const owner = agentId ?? DEFAULT_AGENT_ID;
  if (owner !== DEFAULT_AGENT_ID) {
    return {
      ok: false,
      error: errorShape(MOCK_ERROR_CODES.invalidRequest, `Unknown agent id "${owner}"`),
    };
  }
  return { ok: true, value: { agentId: owner, sessionKey: `agent:${owner}:${lowered}` } };
}
