import { randomBytes } from "node:crypto";
import { ASYNC_QUESTION_TEXT, demoAsyncDelivery } from "../../src/demo/shared/async-question";
import type { MockAgentApi } from "../../src/testing/index";
import type { TurnLog } from "./turn-log";

/** What one async question the demo agent asked is known by. */
export type AskedAsyncQuestion = {
  runId: string;
  itemId: string;
  /** The question message's `__openclaw.id`: an answer's `replyToId`. */
  messageId: string;
};

const ID_BYTES = 6;

/**
 * A turn in which the agent asks its optional questions and works on: the question message, then
 * the run's end (OpenClaw's run goes on while the question waits; its own end does not make the
 * question stale). The turn log, when given, shows the turn on the demo page.
 */
export function askAsyncQuestion(
  agent: MockAgentApi,
  sessionKey: string,
  log: TurnLog | null = null,
): AskedAsyncQuestion {
  const runId = `run_${randomBytes(ID_BYTES).toString("hex")}`;
  const itemId = `asyncq-demo-${randomBytes(ID_BYTES).toString("hex")}`;
  log?.startTurn({ runId, sessionKey, title: "Optional questions" });
  log?.append(runId, "agent", ASYNC_QUESTION_TEXT);
  const messageId = agent.postAssistantMessage({
    sessionKey,
    runId,
    text: ASYNC_QUESTION_TEXT,
    asyncDelivery: demoAsyncDelivery(itemId),
  });
  agent.completeRun({ sessionKey, runId });
  log?.finish(runId);
  return { runId, itemId, messageId };
}
