// The questions a conversation asked, read back from `chat.history`: a page opened on another
// device (no stored summaries) still shows how each one ended.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import {
  askUserInputOf,
  normalizeAskUserInput,
  type QuestionRecord,
  readAskUserOutcome,
} from "../protocol/index";
import { isRow, textOfContent } from "./chat-text";

type Row = Record<string, unknown>;

const QUESTION_ID_HEX_LENGTH = 32;

/** The id OpenClaw gives the question of a run's tool call (it derives it, never stores it). */
export function askUserQuestionId(runId: string, toolCallId: string): string {
  const digest = bytesToHex(sha256(utf8ToBytes(`${runId}\0${toolCallId}`)));
  return `ask_${digest.slice(0, QUESTION_ID_HEX_LENGTH)}`;
}

type ToolCall = { name: unknown; input: unknown; atMs: number };

/** The tool calls of an assistant row, by id. */
function toolCallsOf(row: Row): [string, ToolCall][] {
  if (!Array.isArray(row.content)) return [];
  const atMs = typeof row.timestamp === "number" ? row.timestamp : 0;
  return row.content
    .filter((block): block is Row => isRow(block) && block.type === "toolCall")
    .filter((block) => typeof block.id === "string")
    .map((block) => [String(block.id), { name: block.name, input: block.arguments, atMs }]);
}

/**
 * The ended `ask_user` questions of one run's history rows, as records: questions from the call,
 * outcome from its result. Calls without a result (still waiting) are left out.
 */
export function endedQuestionsOf(
  sessionKey: string,
  runId: string,
  rows: readonly Row[],
): QuestionRecord[] {
  const calls = new Map(rows.filter((row) => row.role === "assistant").flatMap(toolCallsOf));
  return rows.flatMap((row) => {
    if (row.role !== "toolResult" || typeof row.toolCallId !== "string") return [];
    const call = calls.get(row.toolCallId);
    if (call === undefined) return [];
    const input = normalizeAskUserInput(askUserInputOf(call.name, call.input));
    if (!input.ok) return [];
    const outcome = readAskUserOutcome(textOfContent(row.content), row.details);
    const record: QuestionRecord = {
      id: askUserQuestionId(runId, row.toolCallId),
      questions: input.value.questions,
      sessionKey,
      runId,
      createdAtMs: call.atMs,
      expiresAtMs: 0,
      ...outcome,
    };
    return [record];
  });
}
