import { displayText } from "../../protocol/display-text";
import { selectReplyRefusal, selectReplyTarget } from "../../store/selectors-prompts";
import { useQuestionsContext } from "../context";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { useQuestionStore } from "../use-question-store";

/** The question the next chat message in this pane's session answers, for the host's composer. */
export type ReplyTarget = {
  promptId: string;
  /** Header of its first question. */
  header: string;
  /** How many questions one reply must answer. */
  count: number;
  /** Id of the kit's hint element: point the composer's `aria-describedby` at it. */
  hintId: string;
  /** A placeholder for the composer saying what the message will do. */
  placeholder: string;
  /** Why the last reply was refused (the question is still open), or null. */
  refusal: string | null;
};

/** Id of the reply hint of a prompt (ids are gateway data: encoded to hold no spaces). */
export function replyHintId(promptId: string): string {
  return `ask-reply-${encodeURIComponent(promptId)}`;
}

/**
 * While a run's question waits in the pane's session, a chat message sent there is its plain-text
 * answer on the gateway. This says which question that is, or null when a message starts a turn.
 */
export function useReplyTarget(): ReplyTarget | null {
  const { scope } = useQuestionsContext();
  const dictionary = useDictionary();
  const target = useQuestionStore((state) => selectReplyTarget(state, scope));
  const refusal = useQuestionStore((state) =>
    target === null ? null : selectReplyRefusal(state, target.id),
  );
  if (target === null) return null;
  const header = target.record.questions[0]?.header ?? "";
  return {
    promptId: target.id,
    header,
    count: target.record.questions.length,
    hintId: replyHintId(target.id),
    placeholder: formatMessage(dictionary, "replyPlaceholder", { header: displayText(header) }),
    refusal,
  };
}
