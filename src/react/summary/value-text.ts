import { displayText } from "../../protocol/display-text";
import type { RecordOrigin } from "../../protocol/types";
import type { PromptState } from "../../store/prompt-state";
import type { SummaryLine } from "../../store/prompt-summary";
import { shownValue } from "../field-text";
import type { PageStrings } from "../i18n/en";
import { formatNamed } from "../i18n/headers";
import { statusMessageKey, type UrlStep } from "../status-message";

/** A summary line's URL step, if it is one: what `valueText` needs to say what became of the visit. */
export function urlOfLine(line: Pick<SummaryLine, "opensUrl" | "opened">): UrlStep | undefined {
  return line.opensUrl ? { opened: line.opened } : undefined;
}

/**
 * One question's answer as shown: its values joined (an option label without its direction
 * controls), a secret hidden, a URL as finished (once the source said so), opened or not opened,
 * none as "(no answer)".
 */
export function valueText(
  values: string[] | null,
  secret: boolean,
  dictionary: PageStrings,
  yesNo = false,
  url?: UrlStep,
): string {
  if (url !== undefined) {
    if (values !== null) return dictionary.urlFinished;
    return url.opened ? dictionary.urlOpened : dictionary.urlNotOpened;
  }
  if (values === null) return dictionary.summaryNoAnswer;
  if (secret) return dictionary.secretAnswer;
  return values.map((value) => displayText(shownValue(value, yesNo, dictionary))).join(", ");
}

/** The sentence a prompt's state says, as plain text (for the live region); empty while it waits. */
export function statusSentence(
  state: PromptState,
  dictionary: PageStrings,
  headers: readonly string[],
  origin?: RecordOrigin,
  url?: UrlStep,
): string {
  const key = statusMessageKey(state, origin, url);
  return key === null ? "" : formatNamed(dictionary, key, headers);
}
