import type { GatewayErrorShape } from "../protocol/types";
import { invalidParams, missingScope } from "./mock-errors";
import type { MethodOutcome } from "./mock-question-methods";
import type { RunTracker } from "./mock-runs";
import { checkObject, type ObjectRule } from "./mock-schema";
import { resolveSessionKey } from "./mock-session-key";
import type { MockSession, MockSessionMessage, SessionLog } from "./mock-sessions";

/** The methods this module serves. */
export const MOCK_SESSION_METHODS = new Set([
  "sessions.messages.subscribe",
  "sessions.messages.unsubscribe",
  "chat.history",
]);

/** The scope transcripts need; the write and admin scopes include it. */
export const READ_SCOPE = "operator.read";
const READER_SCOPES = new Set([READ_SCOPE, "operator.write", "operator.admin"]);
const HISTORY_MAX_MESSAGES = 1000;
/** How many of the latest messages `chat.history` returns without a `limit`. */
const HISTORY_DEFAULT_MESSAGES = 200;

const NON_EMPTY = { kind: "string", minLength: 1 } as const;
const SUBSCRIBE_RULE: ObjectRule = {
  fields: { key: NON_EMPTY, agentId: NON_EMPTY, includeApprovals: { kind: "boolean" } },
  required: ["key"],
};
const UNSUBSCRIBE_RULE: ObjectRule = {
  fields: { key: NON_EMPTY, agentId: NON_EMPTY },
  required: ["key"],
};
// Paging by cursor, offset or message is accepted and not applied: the mock returns the tail.
const HISTORY_RULE: ObjectRule = {
  fields: {
    sessionKey: NON_EMPTY,
    agentId: NON_EMPTY,
    cursor: { kind: "string" },
    limit: { kind: "integer", minimum: 1 },
    maxBytes: { kind: "integer", minimum: 1024 },
    offset: { kind: "integer", minimum: 0 },
    pendingBefore: { kind: "integer", minimum: 1 },
    inputRunIds: { kind: "stringArray" },
    messageId: NON_EMPTY,
    sessionId: NON_EMPTY,
    maxChars: { kind: "integer", minimum: 1 },
  },
  required: ["sessionKey"],
};

/** What the session methods need from the server and the calling connection. */
export type SessionMethodContext = {
  sessions: SessionLog;
  runs: RunTracker;
  scopes: string[];
  /** The canonical session keys the calling connection follows. */
  subscriptions: Set<string>;
};

type Checked =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: GatewayErrorShape };

function checked(method: string, params: unknown, rule: ObjectRule): Checked {
  const issue = checkObject(params ?? {}, rule, "");
  return issue === null
    ? { ok: true, value: params as Record<string, unknown> }
    : { ok: false, error: invalidParams(method, issue) };
}

/** A session row, as `session.message` and `chat.history` describe the session. */
export function sessionRow(
  key: string,
  agentId: string,
  session: MockSession | undefined,
  runs: RunTracker,
): Record<string, unknown> {
  const activeRunIds = runs.activeIn(key);
  return {
    key,
    agentId,
    kind: "direct",
    ...(session === undefined
      ? { updatedAt: null }
      : {
          sessionId: session.sessionId,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
        }),
    status: activeRunIds.length > 0 ? "running" : "done",
    hasActiveRun: activeRunIds.length > 0,
    activeRunIds,
    activeLeafEntryId: session?.messages.at(-1)?.__openclaw.id ?? null,
  };
}

/** The `session.message` payload for a message just written to `session`. */
export function sessionMessageEvent(
  session: MockSession,
  message: MockSessionMessage,
  runs: RunTracker,
): Record<string, unknown> {
  return {
    sessionKey: session.key,
    agentId: session.agentId,
    message,
    messageId: message.__openclaw.id,
    messageSeq: message.__openclaw.seq,
    session: sessionRow(session.key, session.agentId, session, runs),
    ...(message.role === "user" ? { senderIsOwner: true } : {}),
  };
}

function subscription(
  method: string,
  params: unknown,
  context: SessionMethodContext,
): MethodOutcome {
  const subscribe = method === "sessions.messages.subscribe";
  const parsed = checked(method, params, subscribe ? SUBSCRIBE_RULE : UNSUBSCRIBE_RULE);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  const agentId = typeof value.agentId === "string" ? value.agentId : undefined;
  const session = resolveSessionKey(String(value.key), agentId);
  if (!session.ok) return session;
  const key = session.value.sessionKey;
  if (subscribe) context.subscriptions.add(key);
  else context.subscriptions.delete(key);
  return { ok: true, payload: { subscribed: subscribe, key } };
}

function history(params: unknown, context: SessionMethodContext): MethodOutcome {
  const method = "chat.history";
  const parsed = checked(method, params, HISTORY_RULE);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  const limit = typeof value.limit === "number" ? value.limit : HISTORY_DEFAULT_MESSAGES;
  if (limit > HISTORY_MAX_MESSAGES)
    return {
      ok: false,
      error: invalidParams(method, `at /limit: must be <= ${HISTORY_MAX_MESSAGES}`),
    };
  const agentId = typeof value.agentId === "string" ? value.agentId : undefined;
  const resolved = resolveSessionKey(String(value.sessionKey), agentId);
  if (!resolved.ok) return resolved;
  const { sessionKey: key } = resolved.value;
  const session = context.sessions.get(key);
  const all: MockSessionMessage[] = session?.messages ?? [];
  return {
    ok: true,
    payload: {
      // As requested, not canonical: the gateway echoes the caller's key.
      sessionKey: value.sessionKey,
      ...(session === undefined ? {} : { sessionId: session.sessionId }),
      messages: all.slice(-limit),
      hasMore: all.length > limit,
      totalMessages: all.length,
      pendingInputs: { items: [], total: 0 },
      sessionInfo: sessionRow(key, resolved.value.agentId, session, context.runs),
    },
  };
}

/** Runs `sessions.messages.subscribe`, `sessions.messages.unsubscribe` or `chat.history`. */
export function runSessionMethod(
  method: string,
  params: unknown,
  context: SessionMethodContext,
): MethodOutcome {
  if (!context.scopes.some((scope) => READER_SCOPES.has(scope)))
    return { ok: false, error: missingScope(READ_SCOPE) };
  return method === "chat.history"
    ? history(params, context)
    : subscription(method, params, context);
}
