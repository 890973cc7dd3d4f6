import { ar } from "../../locales/ar";
import { de } from "../../locales/de";
import { ja } from "../../locales/ja";
import { type Dictionary, en } from "../../react/i18n/en";

const DICTIONARIES: Record<string, Dictionary> = { de, ja, ar };

/** The kit's dictionary for the host's locale ("de-DE" -> German), English otherwise. */
export function dictionaryFor(locale: string): Dictionary {
  return DICTIONARIES[locale.toLowerCase().split(/[-_]/)[0] ?? ""] ?? en;
}
