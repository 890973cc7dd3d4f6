import type { Dictionary, DictionaryKey } from "./en";

/** Values substituted into `{name}` placeholders of a dictionary string. */
export type MessageValues = Record<string, string | number>;

/** Looks up `key` and fills its `{name}` placeholders. */
export function formatMessage(
  dictionary: Dictionary,
  key: DictionaryKey,
  values: MessageValues = {},
): string {
  return dictionary[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}
