import { readAskUserOutcome } from "../../protocol/ask-user-tool-result";
import { normalizeAskUserInput } from "../../protocol/normalize-ask-user-input";
import type { QuestionRecord } from "../../protocol/types";
import { AnswerSummary } from "../../react/summary/answer-summary";
import { useQuestionStore } from "../../react/use-question-store";
import { promptStateOf } from "../../store/prompt-state";
import { type AskUserPart, isEndedPart } from "../ask-user-parts";

/** Props of `<AskUserToolPart>`. */
export type AskUserToolPartProps = {
  /** An `ask_user` tool part of a message (`isAskUserPart(part)`). */
  part: AskUserPart;
};

/** The record an ended part stands for, read from the part alone (its prompt is gone from storage). */
function recordOfPart(part: AskUserPart): QuestionRecord | null {
  const input = normalizeAskUserInput(part.input);
  if (!input.ok) return null;
  const outcome =
    part.state === "output-available"
      ? readAskUserOutcome("", part.output)
      : ({ status: "cancelled" } as const);
  return {
    id: part.toolCallId,
    questions: input.value.questions,
    createdAtMs: 0,
    expiresAtMs: 0,
    ...(outcome.status === "answered"
      ? { status: "answered", answers: outcome.answers }
      : { status: outcome.status }),
  };
}

/**
 * The answer summary at an `ask_user` tool part in the chat: nothing while the question waits in
 * the dock, then what became of it. Inside the provider of `useAskUserChat`.
 */
export function AskUserToolPart({ part }: AskUserToolPartProps) {
  const entry = useQuestionStore((state) => state.prompts.get(part.toolCallId));
  if (entry !== undefined) {
    const { outcome, delivery } = promptStateOf(entry);
    if (outcome === "waiting" && delivery === "idle") return null;
    return <AnswerSummary entry={entry} />;
  }
  if (!isEndedPart(part)) return null;
  const record = recordOfPart(part);
  return record === null ? null : <AnswerSummary record={record} />;
}
