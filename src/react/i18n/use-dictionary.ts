import { useContext } from "react";
import { QuestionsContext } from "../context";
import type { Dictionary, PageDictionary } from "./en";
import { enPage } from "./en-page";
import { enPanel } from "./en-panel";

// One complete dictionary per provided one, so every part of the panel gets the same object.
const completed = new WeakMap<PageDictionary, Dictionary>();

/** The provider's strings, completed with English where a key is left out. */
export function completeDictionary(provided: PageDictionary): Dictionary {
  let dictionary = completed.get(provided);
  if (dictionary === undefined) {
    dictionary = { ...enPanel, ...provided } as Dictionary;
    completed.set(provided, dictionary);
  }
  return dictionary;
}

/** The active dictionary; English outside a provider. */
export function useDictionary(): Dictionary {
  return completeDictionary(useContext(QuestionsContext)?.dictionary ?? enPage);
}
