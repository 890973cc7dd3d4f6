import { randomBytes } from "node:crypto";
import type { AgentTurn, TurnRole } from "../../src/demo/shared/turns";

/** The agent's turns, observable by the page through the start server. */
export type TurnLog = {
  startTurn(turn: { runId: string; sessionKey: string; title: string }): void;
  append(runId: string, role: TurnRole, text: string): void;
  addQuestion(runId: string, questionId: string): void;
  finish(runId: string): void;
  list(sessionKey?: string): AgentTurn[];
  subscribe(listener: () => void): () => void;
};

const MESSAGE_ID_BYTES = 6;

/** Creates an in-memory turn log. */
export function createTurnLog(now: () => number = Date.now): TurnLog {
  const turns: AgentTurn[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const find = (runId: string) => turns.find((turn) => turn.runId === runId);
  return {
    startTurn: ({ runId, sessionKey, title }) => {
      turns.push({
        runId,
        sessionKey,
        title,
        status: "running",
        startedAtMs: now(),
        messages: [],
        questionIds: [],
      });
      notify();
    },
    append: (runId, role, text) => {
      const turn = find(runId);
      if (!turn) return;
      const id = `m_${randomBytes(MESSAGE_ID_BYTES).toString("hex")}`;
      turn.messages.push({ id, role, text, atMs: now() });
      notify();
    },
    addQuestion: (runId, questionId) => {
      find(runId)?.questionIds.push(questionId);
      notify();
    },
    finish: (runId) => {
      const turn = find(runId);
      if (turn) turn.status = "done";
      notify();
    },
    list: (sessionKey) =>
      turns.filter((turn) => sessionKey === undefined || turn.sessionKey === sessionKey),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
