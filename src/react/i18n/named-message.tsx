import { Fragment, type ReactNode } from "react";
import { AgentText } from "../agent-text";
import type { Dictionary, DictionaryKey } from "./en";
import { messageParts } from "./format";

type Piece = { id: string; node: ReactNode };
type HeaderStrings = Pick<Dictionary, "locale" | "quotedHeader">;

/** One header in the dictionary's quotes; the header is the agent's text, isolated so it cannot reorder the sentence. */
function quotedHeaderPieces(header: string, dictionary: HeaderStrings, prefix: string): Piece[] {
  return messageParts(dictionary.quotedHeader).map((part, position) => ({
    id: `${prefix}-${position}`,
    node:
      part.kind === "text" ? part.text : part.name === "header" ? <AgentText text={header} /> : "",
  }));
}

function headerListPieces(headers: readonly string[], dictionary: HeaderStrings): Piece[] {
  const list = new Intl.ListFormat(dictionary.locale, { type: "conjunction" });
  let element = 0;
  return list.formatToParts(headers).flatMap((part, position): Piece[] => {
    if (part.type === "literal") return [{ id: `literal-${position}`, node: part.value }];
    const header = headers[element] ?? part.value;
    element += 1;
    return quotedHeaderPieces(header, dictionary, `header-${position}`);
  });
}

/** Props of `<NamedMessage>`. */
export type NamedMessageProps<Key extends DictionaryKey = DictionaryKey> = {
  dictionary: Pick<Dictionary, Key> & HeaderStrings;
  messageKey: Key;
  headers: readonly string[];
};

/** A dictionary sentence whose `{headers}` names the request's questions, each header quoted and isolated. */
export function NamedMessage<Key extends DictionaryKey>({
  dictionary,
  messageKey,
  headers,
}: NamedMessageProps<Key>) {
  const pieces = messageParts(dictionary[messageKey]).flatMap((part, position): Piece[] => {
    if (part.kind === "text") return [{ id: `text-${position}`, node: part.text }];
    if (part.name === "headers") return headerListPieces(headers, dictionary);
    return [{ id: `text-${position}`, node: `{${part.name}}` }];
  });
  return (
    <>
      {pieces.map((piece) => (
        <Fragment key={piece.id}>{piece.node}</Fragment>
      ))}
    </>
  );
}
