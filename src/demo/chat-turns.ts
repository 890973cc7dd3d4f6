// Builds the timeline's turns from OpenClaw's `chat.history` rows and `chat` events.
import { isRow, textOfContent } from "./chat-text";
import { endedQuestionsOf } from "./history-questions";
import type { AgentTurn, TurnMessage } from "./shared/turns";

type Row = Record<string, unknown>;

const USER_KEY_SUFFIX = ":user";

/** The run a history row belongs to: `__openclaw.runId`, or a user row's idempotency key. */
function runIdOf(row: Row): string | null {
  const meta = isRow(row.__openclaw) ? row.__openclaw : {};
  if (typeof meta.runId === "string") return meta.runId;
  const key = typeof row.idempotencyKey === "string" ? row.idempotencyKey : meta.idempotencyKey;
  if (typeof key !== "string") return null;
  return key.endsWith(USER_KEY_SUFFIX) ? key.slice(0, -USER_KEY_SUFFIX.length) : key;
}

const timeOf = (row: Row): number => (typeof row.timestamp === "number" ? row.timestamp : 0);

function newTurn(runId: string, sessionKey: string, atMs: number): AgentTurn {
  return {
    runId,
    sessionKey,
    title: "Agent turn",
    status: "running",
    startedAtMs: atMs,
    messages: [],
    questionIds: [],
  };
}

/** The conversation of `chat.history`, one turn per run, in order, with the questions it asked. */
export function turnsFromHistory(sessionKey: string, rows: readonly unknown[]): AgentTurn[] {
  const turns = new Map<string, AgentTurn>();
  const rowsOfRun = new Map<string, Row[]>();
  rows.forEach((value, index) => {
    if (!isRow(value)) return;
    const runId = runIdOf(value);
    if (runId === null) return;
    rowsOfRun.set(runId, [...(rowsOfRun.get(runId) ?? []), value]);
    const role = value.role === "user" ? "user" : value.role === "assistant" ? "agent" : null;
    const text = textOfContent(value.content);
    if (role === null || text.trim() === "") return;
    const atMs = timeOf(value);
    const turn = turns.get(runId) ?? newTurn(runId, sessionKey, atMs);
    turn.status = "done";
    turn.messages = [...turn.messages, { id: `${runId}:${index}`, role, text, atMs }];
    turns.set(runId, turn);
  });
  for (const [runId, runRows] of rowsOfRun) {
    const endedQuestions = endedQuestionsOf(sessionKey, runId, runRows);
    if (endedQuestions.length === 0) continue;
    const atMs = endedQuestions[0]?.createdAtMs ?? 0;
    const turn = turns.get(runId) ?? { ...newTurn(runId, sessionKey, atMs), status: "done" };
    turns.set(runId, { ...turn, endedQuestions });
  }
  return [...turns.values()];
}

/** What one `chat` event does to the turns; unknown states change nothing. */
export function applyChatEvent(
  turns: readonly AgentTurn[],
  payload: unknown,
  nowMs: number,
): AgentTurn[] {
  if (!isRow(payload) || typeof payload.runId !== "string") return [...turns];
  const { runId, state } = payload;
  const existing = turns.find((turn) => turn.runId === runId);
  const sessionKey = typeof payload.sessionKey === "string" ? payload.sessionKey : "";
  const turn: AgentTurn = existing ?? newTurn(runId, sessionKey, nowMs);
  const replyId = `${runId}:reply`;
  const withReply = (text: string): TurnMessage[] => {
    const others = turn.messages.filter((message) => message.id !== replyId);
    const old = turn.messages.find((message) => message.id === replyId);
    return text === ""
      ? others
      : [...others, { id: replyId, role: "agent", text, atMs: old?.atMs ?? nowMs }];
  };
  const message = isRow(payload.message) ? textOfContent(payload.message.content) : "";
  let next: AgentTurn;
  switch (state) {
    case "status":
      next = { ...turn, status: "running", statusLine: phaseLabel(payload.phase) };
      break;
    case "delta":
      next = { ...turn, status: "running", statusLine: "Replying…", messages: withReply(message) };
      break;
    case "final":
      next = {
        ...turn,
        status: "done",
        statusLine: undefined,
        messages: withReply(message || replyOf(turn)),
      };
      break;
    case "aborted":
      next = { ...turn, status: "done", statusLine: "Run aborted." };
      break;
    case "error":
      next = {
        ...turn,
        status: "done",
        statusLine: undefined,
        error: typeof payload.errorMessage === "string" ? payload.errorMessage : "The run failed.",
      };
      break;
    default:
      return [...turns];
  }
  return existing === undefined
    ? [...turns, next]
    : turns.map((candidate) => (candidate === existing ? next : candidate));
}

const replyOf = (turn: AgentTurn) =>
  turn.messages.find((message) => message.id === `${turn.runId}:reply`)?.text ?? "";

const PHASES: Record<string, string> = {
  preparing_workspace: "Preparing the workspace…",
  preparing_context: "Preparing the context…",
  starting_model: "Starting the model…",
};

function phaseLabel(phase: unknown): string {
  return typeof phase === "string"
    ? (PHASES[phase] ?? `${phase.replaceAll("_", " ")}…`)
    : "Working…";
}

/** Merges the history into the turns shown: history wins, turns it does not know yet stay. */
export function mergeHistory(
  shown: readonly AgentTurn[],
  history: readonly AgentTurn[],
): AgentTurn[] {
  const known = new Set(history.map((turn) => turn.runId));
  const merged = history.map((turn) => {
    const live = shown.find((candidate) => candidate.runId === turn.runId);
    // A run still streaming keeps its live state; the history has only what was written so far.
    return live !== undefined && live.status === "running" ? { ...turn, ...live } : turn;
  });
  return [...merged, ...shown.filter((turn) => !known.has(turn.runId))];
}
