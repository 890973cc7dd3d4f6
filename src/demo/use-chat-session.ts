import { useCallback, useEffect, useState } from "react";
import { applyChatEvent, mergeHistory, turnsFromHistory } from "./chat-turns";
import type { GatewayClient } from "./kit";
import type { AgentTurn } from "./shared/turns";

/** A real agent's session: its turns, and sending and aborting as a Control UI does. */
export type ChatSession = {
  turns: AgentTurn[];
  /** Sends a message; the run id is its idempotency key. Rejects when the gateway refused it. */
  send(text: string): Promise<void>;
  /**
   * Aborts the session's running turns and the runs waiting on `waitingRunIds` (after a reload the
   * history cannot tell a waiting run from a finished one); resolves with how many it aborted.
   */
  abort(waitingRunIds?: readonly string[]): Promise<number>;
  running: boolean;
};

type HistoryResult = { messages?: unknown[] };
type AbortResult = { aborted?: boolean; runIds?: unknown[] };

const sessionOf = (payload: unknown) =>
  typeof payload === "object" && payload !== null && "sessionKey" in payload
    ? payload.sessionKey
    : undefined;

/** Follows one session on the gateway: `chat.history` on every connection, then its `chat` events. */
export function useChatSession(client: GatewayClient, sessionKey: string): ChatSession {
  const [turns, setTurns] = useState<AgentTurn[]>([]);
  // Another gateway's conversation is not this one's: its turns go with its client.
  const [turnsOf, setTurnsOf] = useState(client);
  if (turnsOf !== client) {
    setTurnsOf(client);
    setTurns([]);
  }

  useEffect(() => {
    let loadedFor: number | null = null;
    let closed = false;
    const load = () => {
      client
        .request<HistoryResult>("chat.history", { sessionKey })
        .then((history) => {
          if (closed) return;
          const loaded = turnsFromHistory(sessionKey, history.messages ?? []);
          setTurns((shown) => mergeHistory(shown, loaded));
        })
        // The history comes back on the next connection; until then the live events still show.
        .catch(() => undefined);
    };
    const onConnection = () => {
      const state = client.getState();
      if (state.status === "connected" && state.connectionId !== loadedFor) {
        loadedFor = state.connectionId;
        load();
      }
    };
    const unsubscribe = client.subscribe((event) => {
      if (event.type === "state") onConnection();
      else if (event.frame.event === "chat" && sessionOf(event.frame.payload) === sessionKey) {
        const { payload } = event.frame;
        setTurns((shown) => applyChatEvent(shown, payload, Date.now()));
      }
    });
    onConnection();
    return () => {
      closed = true;
      unsubscribe();
    };
  }, [client, sessionKey]);

  const send = useCallback(
    async (text: string) => {
      const runId = crypto.randomUUID();
      const atMs = Date.now();
      setTurns((shown) => [
        ...shown,
        {
          runId,
          sessionKey,
          title: "Agent turn",
          status: "running",
          startedAtMs: atMs,
          messages: [{ id: `${runId}:user`, role: "user", text, atMs }],
          questionIds: [],
          statusLine: "Sending…",
        },
      ]);
      try {
        await client.request("chat.send", { sessionKey, message: text, idempotencyKey: runId });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        setTurns((shown) =>
          shown.map((turn) =>
            turn.runId === runId
              ? { ...turn, status: "done", statusLine: undefined, error: `Not sent: ${reason}` }
              : turn,
          ),
        );
        throw error;
      }
    },
    [client, sessionKey],
  );

  const abort = useCallback(
    async (waitingRunIds: readonly string[] = []) => {
      const running = turns.filter((turn) => turn.status === "running").map((turn) => turn.runId);
      const runIds = [...new Set([...running, ...waitingRunIds])];
      const results = await Promise.all(
        runIds.map((runId) => client.request<AbortResult>("chat.abort", { sessionKey, runId })),
      );
      return results.filter((result) => result.aborted === true).length;
    },
    [client, sessionKey, turns],
  );

  return { turns, send, abort, running: turns.some((turn) => turn.status === "running") };
}
