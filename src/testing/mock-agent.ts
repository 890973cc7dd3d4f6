import type { RunTracker } from "./mock-runs";
import { resolveSessionKey } from "./mock-session-key";
import type { MockAsyncDelivery, MockSessionMessage, SessionLog } from "./mock-sessions";

/** An assistant message the embedding's agent writes into a session. */
export type MockAssistantPost = {
  /** "main" or a canonical key such as "agent:main:main". */
  sessionKey: string;
  text: string;
  /** The run writing it; its `chat` delta then carries the text. */
  runId?: string;
  /** Makes the message an async question (`openclawAsyncDelivery`). */
  asyncDelivery?: MockAsyncDelivery;
};

/** The end of an agent's run, with its final reply when it has one. */
export type MockRunEnd = {
  sessionKey: string;
  runId: string;
  text?: string;
  /** Makes the final reply an async question too (only with `text`). */
  asyncDelivery?: MockAsyncDelivery;
};

/** What the embedding's agent can do in-process: write messages and end runs. */
export type MockAgentApi = {
  /**
   * Writes an assistant message to the session's transcript, as the agent's turn would: it is in
   * `chat.history` and reaches subscribed connections as `session.message`. Returns its id (an
   * answer's `replyToId`).
   */
  postAssistantMessage(post: MockAssistantPost): string;
  /**
   * Ends a run like the gateway does when the model stops: the final reply (when `text` is given)
   * is written as the run's last assistant message, then the run's `chat` final is sent (its
   * message never carries `openclawAsyncDelivery`); the run is no longer active. Returns the final
   * reply's id, or null without one.
   */
  completeRun(end: MockRunEnd): string | null;
  /** The session's transcript, oldest first, as `chat.history` returns it. */
  sessionMessages(sessionKey: string): MockSessionMessage[];
};

/** What the agent API needs from the server. */
export type MockAgentContext = {
  sessions: SessionLog;
  runs: RunTracker;
  emitRun(runId: string, sessionKey: string, event: Record<string, unknown>): void;
  /** Thrown for a session key the gateway would refuse. */
  fail(code: string, message: string): never;
};

/** The `chat` event's view of an assistant message: its text, without the stored metadata. */
function liveMessage(message: MockSessionMessage): Record<string, unknown> {
  return { role: message.role, content: message.content, timestamp: message.timestamp };
}

/** Creates the in-process agent API over the server's transcripts and runs. */
export function createMockAgent(context: MockAgentContext): MockAgentApi {
  const { sessions, runs } = context;
  const resolve = (sessionKey: string) => {
    const session = resolveSessionKey(sessionKey, undefined);
    if (!session.ok) return context.fail(session.error.code, session.error.message);
    return session.value;
  };
  // A run the agent began on its own (not from `chat.send`) is tracked from its first message.
  const track = (runId: string, sessionKey: string) => {
    if (runs.sessionOf(runId) === undefined) runs.start(runId, sessionKey, "");
  };
  return {
    postAssistantMessage: ({ sessionKey: requested, text, runId, asyncDelivery }) => {
      const { sessionKey, agentId } = resolve(requested);
      if (runId !== undefined) track(runId, sessionKey);
      const message = sessions.appendAssistant(sessionKey, agentId, {
        text,
        ...(runId === undefined ? {} : { runId }),
        ...(asyncDelivery === undefined ? {} : { asyncDelivery }),
      });
      if (runId !== undefined)
        context.emitRun(runId, sessionKey, {
          state: "delta",
          deltaText: text,
          message: liveMessage(message),
        });
      return message.__openclaw.id;
    },
    completeRun: ({ sessionKey: requested, runId, text, asyncDelivery }) => {
      const { sessionKey, agentId } = resolve(requested);
      track(runId, sessionKey);
      const message =
        text === undefined
          ? null
          : sessions.appendAssistant(sessionKey, agentId, {
              text,
              runId,
              ...(asyncDelivery === undefined ? {} : { asyncDelivery }),
            });
      context.emitRun(runId, sessionKey, {
        state: "final",
        stopReason: "stop",
        ...(message === null ? {} : { message: liveMessage(message) }),
      });
      return message?.__openclaw.id ?? null;
    },
    sessionMessages: (sessionKey) => [
      ...(sessions.get(resolve(sessionKey).sessionKey)?.messages ?? []),
    ],
  };
}
