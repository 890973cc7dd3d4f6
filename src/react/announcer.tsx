import { useEffect, useRef, useState } from "react";
import { selectActivePromptId, selectPendingPrompts, selectTimeLeftMs } from "../store/index";
import type { QuestionStore } from "../store/types";
import { useQuestionsContext } from "./context";
import type { Dictionary } from "./i18n/en";
import { formatMessage } from "./i18n/format";
import { retirementOf, retirementText } from "./notice/retirement";

function outcomeSentence(state: QuestionStore, promptId: string, dictionary: Dictionary): string {
  const entry = state.prompts[promptId];
  const retirement = retirementOf(entry);
  if (entry !== undefined && retirement !== null) {
    return retirementText(entry, retirement, dictionary);
  }
  if (entry?.status === "answered") return dictionary.statusAnswered;
  if (entry?.status === "cancelled") return dictionary.statusCancelled;
  return "";
}

/** When the "one minute left" announcement is made. */
export const LAST_MINUTE_MS = 60_000;

/** A polite live region: says a question arrived, when one minute is left and how it ended; never moves focus. */
export function Announcer() {
  const { store, scope, dictionary } = useQuestionsContext();
  const [message, setMessage] = useState("");
  const known = useRef<Set<string> | null>(null);
  const warned = useRef(new Set<string>());

  useEffect(() => {
    const check = (state: QuestionStore) => {
      const pending = selectPendingPrompts(state, scope);
      const ids = new Set(pending.map((entry) => entry.id));
      const previous = known.current;
      known.current = ids;
      const arrived = previous === null ? [] : pending.filter((entry) => !previous.has(entry.id));
      const ended = previous === null ? [] : [...previous].filter((id) => !ids.has(id));
      const endedSentence = ended.map((id) => outcomeSentence(state, id, dictionary)).find(Boolean);
      const first = arrived[0]?.record.questions[0];
      if (endedSentence) setMessage(endedSentence);
      if (first !== undefined) {
        setMessage(formatMessage(dictionary, "announceNewQuestion", { question: first.question }));
        return;
      }
      const activeId = selectActivePromptId(state, scope);
      if (!activeId || warned.current.has(activeId)) return;
      const timeLeftMs = selectTimeLeftMs(state, activeId);
      if (timeLeftMs === null || timeLeftMs > LAST_MINUTE_MS || timeLeftMs <= 0) return;
      warned.current.add(activeId);
      const header = state.prompts[activeId]?.record.questions[0]?.header ?? "";
      setMessage(formatMessage(dictionary, "announceOneMinuteLeft", { header }));
    };
    check(store.getState());
    return store.subscribe(check);
  }, [store, scope, dictionary]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      lang={dictionary.locale}
      dir={dictionary.dir}
      className="ask-visually-hidden"
    >
      {message}
    </div>
  );
}
