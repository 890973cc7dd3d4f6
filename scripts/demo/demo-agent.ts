import { randomBytes } from "node:crypto";
import type { ScenarioName } from "../../src/demo/shared/scenarios";
import type { QuestionApi } from "../../src/gateway/types";
import type { WaitAnswerResult } from "../../src/protocol/types";
import { scenarioScript } from "./scenario-script";
import type { TurnLog } from "./turn-log";

/** A scripted agent that asks questions on a gateway as a back-end client. */
export type DemoAgent = {
  /** Starts a scenario in a new turn; resolves with its runId once the question is asked. */
  runScenario(name: ScenarioName, sessionKey: string): Promise<{ runId: string; id: string }>;
  /** Aborts the session's running turns, cancelling their pending questions. */
  abort(sessionKey: string): Promise<number>;
  /** Appends a message the user typed in the composer as its own turn. */
  say(sessionKey: string, text: string): void;
  close(): void;
};

const WAIT_SLICE_MS = 20_000;
const RETRY_DELAY_MS = 1_000;
const RUN_ID_BYTES = 8;
const ASK_ID_BYTES = 16;

type RunningTurn = { runId: string; sessionKey: string; questionId: string; aborted: boolean };

const reasonOf = (error: unknown): string | null => {
  if (typeof error !== "object" || error === null) return null;
  const reason = (error as { reason?: unknown }).reason;
  if (typeof reason === "string") return reason;
  const details = (error as { details?: { reason?: unknown } }).details;
  return typeof details?.reason === "string" ? details.reason : null;
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the demo agent over a back-end question API. */
export function createDemoAgent(api: QuestionApi, log: TurnLog): DemoAgent {
  const running = new Map<string, RunningTurn>();
  let closed = false;
  const abortTimers = new Set<ReturnType<typeof setTimeout>>();

  const waitForOutcome = async (
    id: string,
    expiresAtMs: number,
  ): Promise<WaitAnswerResult | "lost"> => {
    while (!closed) {
      try {
        const result = await api.waitAnswer(id, { timeoutMs: WAIT_SLICE_MS });
        if (result.status !== "pending") return result;
      } catch (error) {
        if (reasonOf(error) === "QUESTION_NOT_FOUND") return "lost";
        if (Date.now() > expiresAtMs + WAIT_SLICE_MS) return "lost";
        await delay(RETRY_DELAY_MS);
      }
    }
    return "lost";
  };

  const finishTurn = async (turn: RunningTurn, name: ScenarioName, expiresAtMs: number) => {
    const script = scenarioScript(name);
    const outcome = await waitForOutcome(turn.questionId, expiresAtMs);
    running.delete(turn.runId);
    if (turn.aborted) {
      log.append(turn.runId, "agent", "Run aborted; its question was cancelled.");
    } else if (outcome === "lost") {
      log.append(
        turn.runId,
        "agent",
        "The question was lost (the gateway restarted); proceeding with best judgment.",
      );
    } else if (outcome.status === "answered") {
      log.append(turn.runId, "agent", script.onAnswered(outcome.answers));
    } else if (outcome.status === "cancelled") {
      log.append(turn.runId, "agent", "The question was cancelled; proceeding with best judgment.");
    } else {
      log.append(turn.runId, "agent", "No answer arrived; proceeding with best judgment.");
    }
    log.finish(turn.runId);
  };

  const abortTurn = async (turn: RunningTurn): Promise<boolean> => {
    turn.aborted = true;
    try {
      await api.cancel(turn.questionId, { resolvedBy: "agent-abort" });
      return true;
    } catch {
      return false;
    }
  };

  return {
    runScenario: async (name, sessionKey) => {
      const script = scenarioScript(name);
      const runId = `run_${randomBytes(RUN_ID_BYTES).toString("hex")}`;
      const id = `ask_${randomBytes(ASK_ID_BYTES).toString("hex")}`;
      log.startTurn({ runId, sessionKey, title: script.title });
      log.append(runId, "agent", script.opening);
      try {
        const asked = await api.request({
          id,
          questions: script.questions,
          sessionKey,
          runId,
          timeoutMs: script.timeoutMs,
        });
        log.addQuestion(runId, asked.id);
        const turn: RunningTurn = { runId, sessionKey, questionId: asked.id, aborted: false };
        running.set(runId, turn);
        if (script.abortAfterMs !== null) {
          const timer = setTimeout(() => {
            abortTimers.delete(timer);
            if (running.has(runId)) void abortTurn(turn);
          }, script.abortAfterMs);
          abortTimers.add(timer);
        }
        void finishTurn(turn, name, asked.expiresAtMs);
        return { runId, id: asked.id };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.append(runId, "agent", `Could not ask: ${message}`);
        log.finish(runId);
        throw error;
      }
    },
    abort: async (sessionKey) => {
      const turns = [...running.values()].filter((turn) => turn.sessionKey === sessionKey);
      const results = await Promise.all(turns.map(abortTurn));
      return results.filter(Boolean).length;
    },
    say: (sessionKey, text) => {
      const runId = `run_${randomBytes(RUN_ID_BYTES).toString("hex")}`;
      log.startTurn({ runId, sessionKey, title: "You" });
      log.append(runId, "user", text);
      log.finish(runId);
    },
    close: () => {
      closed = true;
      for (const timer of abortTimers) clearTimeout(timer);
      abortTimers.clear();
    },
  };
}
