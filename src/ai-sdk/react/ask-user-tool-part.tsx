import { useEffect, useReducer } from "react";
import { AnswerSummary } from "../../react/summary/answer-summary";
import { useQuestionStore } from "../../react/use-question-store";
import { promptStateOf } from "../../store/prompt-state";
import { type AskUserPart, isEndedPart } from "../ask-user-parts";
import { chatCalls } from "../chat-question-source";

/** Props of `<AskUserToolPart>`. */
export type AskUserToolPartProps = {
  /** An `ask_user` tool part of a message (`isAskUserPart(part)`). */
  part: AskUserPart;
};

/**
 * The answer summary at an `ask_user` tool part in the chat: nothing while the question waits in
 * the dock, then what became of it. Inside the provider of `useAskUserChat`.
 */
export function AskUserToolPart({ part }: AskUserToolPartProps) {
  const entry = useQuestionStore((state) => state.prompts.get(part.toolCallId));
  // A call the store does not hold is read from the part alone, with the chat's reader (loaded
  // as the chat's source is made): nothing until it is there.
  const calls = chatCalls.loaded();
  // Rendered again once it arrives, or once a reader that did not load loads on the dock's Try
  // again.
  useQuestionStore((state) => state.sourceFailure);
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const needsCalls = entry === undefined && isEndedPart(part) && calls === null;
  useEffect(() => {
    if (needsCalls) chatCalls.load().then(arrived, () => undefined);
  });
  if (entry !== undefined) {
    const { outcome, delivery } = promptStateOf(entry);
    if (outcome === "waiting" && delivery === "idle") return null;
    return <AnswerSummary entry={entry} />;
  }
  if (!isEndedPart(part) || calls === null) return null;
  const record = calls.recordOfPart(part);
  return record === null ? null : <AnswerSummary record={record} />;
}
