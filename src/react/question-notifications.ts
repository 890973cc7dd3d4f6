import type { StoreApi } from "zustand/vanilla";
import { displayText } from "../protocol/display-text";
import { selectPendingPrompts } from "../store/selectors-prompts";
import type { QuestionStore, QuestionStoreState, SessionScope } from "../store/types";
import type { PageStrings } from "./i18n/en";
import { showQuestionNotification } from "./show-notification";

/**
 * Shows an OS notification for a question of `scope` that arrives while the page is hidden
 * (permission granted), from now on and since `known` (the prompts that waited when notifications
 * were turned on); returns the stop. Loaded apart: only a page that turns them on ships it.
 */
export function watchQuestionNotifications(
  store: StoreApi<QuestionStore>,
  scope: SessionScope,
  dictionary: PageStrings,
  known: ReadonlySet<string>,
): () => void {
  let seen = known;
  const check = (state: QuestionStoreState): void => {
    const pending = selectPendingPrompts(state, scope);
    const arrived = pending.find((entry) => !seen.has(entry.id));
    seen = new Set(pending.map((entry) => entry.id));
    if (arrived === undefined || Notification.permission !== "granted" || !document.hidden) return;
    const body = displayText(arrived.record.questions[0]?.question ?? "");
    showQuestionNotification({ title: dictionary.notificationTitle, body, tag: arrived.id });
  };
  // A question that arrived while this part loaded.
  check(store.getState());
  return store.subscribe(check);
}
