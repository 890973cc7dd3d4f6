import { randomUUID } from "node:crypto";
import type { Clock } from "../gateway/clock";

/** What makes an assistant message an async question (`openclawAsyncDelivery`). */
export type MockAsyncDelivery = {
  itemId: string;
  questions: Array<{ title: string; options?: string[] }>;
};

/** The `__openclaw` metadata the gateway adds to a stored message. */
export type MockMessageMeta = {
  id: string;
  /** The message's place in its session, from 1. */
  seq: number;
  /** The run that wrote it (assistant messages). */
  runId?: string;
  /** The message a user message replies to, as `chat.send` gave it (known or not). */
  replyToId?: string;
  /** Set only when `replyToId` names a message of the session. */
  replyToPreview?: { text: string; senderLabel: string };
  idempotencyKey?: string;
  senderIsOwner?: boolean;
};

/** One message of a session's transcript, in the shape `chat.history` and `session.message` carry. */
export type MockSessionMessage = {
  role: "user" | "assistant";
  /** A user's text as sent; an assistant's text parts. */
  content: string | Array<{ type: "text"; text: string }>;
  timestamp: number;
  idempotencyKey?: string;
  stopReason?: string;
  openclawAsyncDelivery?: MockAsyncDelivery;
  __openclaw: MockMessageMeta;
};

/** A session as the mock keeps it: its key, owner, transcript id and messages. */
export type MockSession = {
  key: string;
  agentId: string;
  /** The transcript's id, made when the first message is written. */
  sessionId: string;
  createdAt: number;
  updatedAt: number;
  messages: MockSessionMessage[];
};

/** A user message to store (from `chat.send`). */
export type UserMessageDraft = { text: string; idempotencyKey: string; replyToId?: string };

/** An assistant message to store. */
export type AssistantMessageDraft = {
  text: string;
  runId?: string;
  asyncDelivery?: MockAsyncDelivery;
};

/** Every session's transcript; tells `onWritten` of each message it stores. */
export type SessionLog = {
  appendUser(key: string, agentId: string, draft: UserMessageDraft): MockSessionMessage;
  appendAssistant(key: string, agentId: string, draft: AssistantMessageDraft): MockSessionMessage;
  /** The session, or undefined before its first message. */
  get(key: string): MockSession | undefined;
  reset(): void;
};

/** The first text of a message, as a reply preview shows it. */
export function messageText(message: MockSessionMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => part.text).join("");
}

/** The suffix the gateway adds to a `chat.send` idempotency key for the user message it stores. */
const USER_KEY_SUFFIX = ":user";

/** Creates an empty transcript store on `clock`. */
export function createSessionLog(
  clock: Clock,
  onWritten: (session: MockSession, message: MockSessionMessage) => void,
): SessionLog {
  const sessions = new Map<string, MockSession>();

  const sessionFor = (key: string, agentId: string): MockSession => {
    const existing = sessions.get(key);
    if (existing !== undefined) return existing;
    const now = clock.now();
    const created = {
      key,
      agentId,
      sessionId: randomUUID(),
      createdAt: now,
      updatedAt: now,
      messages: [],
    };
    sessions.set(key, created);
    return created;
  };

  const write = (session: MockSession, message: MockSessionMessage): MockSessionMessage => {
    session.messages.push(message);
    session.updatedAt = message.timestamp;
    onWritten(session, message);
    return message;
  };

  return {
    appendUser: (key, agentId, draft) => {
      const session = sessionFor(key, agentId);
      const idempotencyKey = `${draft.idempotencyKey}${USER_KEY_SUFFIX}`;
      const target =
        draft.replyToId === undefined
          ? undefined
          : session.messages.find((message) => message.__openclaw.id === draft.replyToId);
      const meta: MockMessageMeta = {
        id: randomUUID(),
        seq: session.messages.length + 1,
        idempotencyKey,
        senderIsOwner: true,
        ...(draft.replyToId === undefined ? {} : { replyToId: draft.replyToId }),
        ...(target === undefined
          ? {}
          : {
              replyToPreview: {
                text: messageText(target),
                senderLabel: target.role === "assistant" ? "Assistant" : "User",
              },
            }),
      };
      return write(session, {
        role: "user",
        content: draft.text,
        timestamp: clock.now(),
        idempotencyKey,
        __openclaw: meta,
      });
    },
    appendAssistant: (key, agentId, draft) => {
      const session = sessionFor(key, agentId);
      return write(session, {
        role: "assistant",
        content: [{ type: "text", text: draft.text }],
        timestamp: clock.now(),
        stopReason: "stop",
        ...(draft.asyncDelivery === undefined
          ? {}
          : { openclawAsyncDelivery: draft.asyncDelivery }),
        __openclaw: {
          id: randomUUID(),
          seq: session.messages.length + 1,
          ...(draft.runId === undefined ? {} : { runId: draft.runId }),
        },
      });
    },
    get: (key) => sessions.get(key),
    reset: () => sessions.clear(),
  };
}
