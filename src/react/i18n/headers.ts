import { displayText } from "../../protocol/display-text";
import type { QuestionRecord } from "../../protocol/types";
import type { Dictionary, DictionaryKey } from "./en";
import { formatMessage } from "./format";

/** The headers a sentence about a whole request names, one per question, as shown. */
export function headersOf(record: QuestionRecord | undefined): string[] {
  return record?.questions.map((question) => displayText(question.header)) ?? [];
}

/** A list in the dictionary's language ("Target, Checks and Notify"). */
export function listOf(items: readonly string[], dictionary: Pick<Dictionary, "locale">): string {
  return new Intl.ListFormat(dictionary.locale, { type: "conjunction" }).format(items);
}

/** Headers quoted the dictionary's way, as one list: "“Target” and “Checks”". */
export function quotedHeaders(
  headers: readonly string[],
  dictionary: Pick<Dictionary, "locale" | "quotedHeader">,
): string {
  return listOf(
    headers.map((header) => formatMessage(dictionary, "quotedHeader", { header })),
    dictionary,
  );
}

/** A sentence whose `{headers}` names the request's questions ("“Target” expired."), as plain text. */
export function formatNamed<Key extends DictionaryKey>(
  dictionary: Pick<Dictionary, Key | "locale" | "quotedHeader">,
  key: Key,
  headers: readonly string[],
): string {
  return formatMessage(dictionary, key, { headers: quotedHeaders(headers, dictionary) });
}
