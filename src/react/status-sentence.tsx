import type { PromptState } from "../store/prompt-state";
import type { PromptEntry } from "../store/types";
import type { PageStrings } from "./i18n/en";
import { formatMessage } from "./i18n/format";
import { headersOf } from "./i18n/headers";
import { NamedMessage } from "./i18n/named-message";
import { statusMessageKey, urlStepOf } from "./status-message";

/** The sentence a prompt's state says, the same on the dock, the notice and the summary; nothing while it waits. */
export function StatusSentence({
  entry,
  state,
  dictionary,
}: {
  entry: PromptEntry;
  state: PromptState;
  dictionary: PageStrings;
}) {
  const messageKey = statusMessageKey(state, entry.record.origin, urlStepOf(entry));
  if (messageKey === null) return null;
  if (state.status === "failed") {
    return formatMessage(dictionary, "statusError", { message: entry.error?.message ?? "" });
  }
  return (
    <NamedMessage
      dictionary={dictionary}
      messageKey={messageKey}
      headers={headersOf(entry.record)}
    />
  );
}
