import type { Dictionary, DictionaryKey } from "./en";

/** Values substituted into `{name}` placeholders of a dictionary string. */
export type MessageValues = Record<string, string | number>;

/** Looks up `key` and fills its `{name}` placeholders. */
export function formatMessage<Key extends DictionaryKey>(
  dictionary: Pick<Dictionary, Key>,
  key: Key,
  values: MessageValues = {},
): string {
  return dictionary[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** A piece of a dictionary string: literal text, or the name of a `{name}` placeholder. */
export type MessagePart = { kind: "text"; text: string } | { kind: "placeholder"; name: string };

/** Splits a dictionary string at its placeholders, for a renderer that wraps a value instead of pasting it. */
export function messageParts(template: string): MessagePart[] {
  return template
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== "")
    .map((piece): MessagePart => {
      const placeholder = /^\{(\w+)\}$/.exec(piece);
      return placeholder?.[1] === undefined
        ? { kind: "text", text: piece }
        : { kind: "placeholder", name: placeholder[1] };
    });
}
