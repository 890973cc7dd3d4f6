import { enPage, type PageKey } from "./en-page";
import { enPanel } from "./en-panel";

/** Keys of a dictionary; every entry must provide all of them. */
export type DictionaryKey = PageKey | keyof typeof enPanel;

/** A complete set of strings for one language. */
export type Dictionary = { [Key in DictionaryKey]: string } & { dir: "ltr" | "rtl" };

/**
 * The strings a provider holds: at least those a page shows without the question panel (English
 * when no dictionary is given); the panel completes them with English as it loads.
 */
export type PageDictionary = PageStrings & Partial<Dictionary>;

/**
 * The strings every provider holds for sure: what its context says, so a part reading a panel
 * string from it (missing until the panel loads) does not compile; panel parts read
 * `useDictionary()`, complete by type.
 */
export type PageStrings = Pick<Dictionary, PageKey>;

/** Every user-facing string of the kit, in English (the built-in dictionary). */
export const en: Dictionary = { ...enPage, ...enPanel };
