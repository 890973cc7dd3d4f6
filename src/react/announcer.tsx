import { useEffect, useRef, useState } from "react";
import type { QuestionStore } from "../store/types";
import { createAnnouncementMemory, nextAnnouncement, type Sentence } from "./announcement-memory";
import { useQuestionsContext } from "./context";
import { useDictionary } from "./i18n/use-dictionary";

/**
 * A polite live region: says a question arrived, when one minute is left and how it ended; never
 * moves focus. What it says is `nextAnnouncement`'s.
 */
export function Announcer() {
  const { store, scope } = useQuestionsContext();
  const dictionary = useDictionary();
  const [message, setMessage] = useState<readonly Sentence[]>([]);
  const memory = useRef(createAnnouncementMemory());

  useEffect(() => {
    const check = (state: QuestionStore) => {
      const next = nextAnnouncement(memory.current, state, scope, dictionary);
      if (next !== null) setMessage(next);
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
      {message.map((sentence) => (
        <p key={sentence.key}>{sentence.text}</p>
      ))}
    </div>
  );
}
