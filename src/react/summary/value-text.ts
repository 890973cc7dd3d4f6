import { displayText } from "../../protocol/display-text";
import type { RecordOrigin } from "../../protocol/types";
import type { PromptState } from "../../store/prompt-state";
import { shownValue } from "../field-text";
import type { PageStrings } from "../i18n/en";
import { formatNamed } from "../i18n/headers";
import { statusMessageKey } from "../status-message";

/**
 * One question's answer as shown: its values joined (an option label without its direction
 * controls), a secret hidden, a visited URL as finished, none as "(no answer)".
 */
export function valueText(
  values: string[] | null,
  secret: boolean,
  dictionary: PageStrings,
  yesNo = false,
  opensUrl = false,
): string {
  if (values === null) return dictionary.summaryNoAnswer;
  if (secret) return dictionary.secretAnswer;
  if (opensUrl) return dictionary.urlFinished;
  return values.map((value) => displayText(shownValue(value, yesNo, dictionary))).join(", ");
}

/** The sentence a prompt's state says, as plain text (for the live region); empty while it waits. */
export function statusSentence(
  state: PromptState,
  dictionary: PageStrings,
  headers: readonly string[],
  origin?: RecordOrigin,
): string {
  const key = statusMessageKey(state, origin);
  return key === null ? "" : formatNamed(dictionary, key, headers);
}
