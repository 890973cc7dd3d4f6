import { ar } from "../locales/ar";
import { de } from "../locales/de";
import { ja } from "../locales/ja";
import { type Dictionary, en } from "./kit";

/** The kit's dictionaries the demo offers, by the name its switch shows. */
export const LANGUAGES = [
  { code: "en", name: "English", dictionary: en },
  { code: "de", name: "Deutsch", dictionary: de },
  { code: "ja", name: "日本語", dictionary: ja },
  { code: "ar", name: "العربية", dictionary: ar },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export type ThemeChoice = "system" | "light" | "dark";
export type Appearance = { language: LanguageCode; theme: ThemeChoice };

const STORAGE_KEY = "ask-user-kit-demo-appearance";
const DEFAULT_APPEARANCE: Appearance = { language: "en", theme: "system" };

const isLanguage = (value: unknown): value is LanguageCode =>
  LANGUAGES.some((language) => language.code === value);
const isTheme = (value: unknown): value is ThemeChoice =>
  value === "system" || value === "light" || value === "dark";

export function dictionaryOf(code: LanguageCode): Dictionary {
  return LANGUAGES.find((language) => language.code === code)?.dictionary ?? en;
}

/** The last choice on this browser; anything unreadable falls back to the defaults. */
export function loadAppearance(): Appearance {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    if (typeof saved !== "object" || saved === null) return DEFAULT_APPEARANCE;
    const { language, theme } = saved as Record<string, unknown>;
    return {
      language: isLanguage(language) ? language : DEFAULT_APPEARANCE.language,
      theme: isTheme(theme) ? theme : DEFAULT_APPEARANCE.theme,
    };
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

export function saveAppearance(appearance: Appearance): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(appearance));
  } catch {
    // A private window without storage keeps the choice for this page only.
  }
}

/** The kit's tokens and the demo's palette both follow `data-ask-theme` on the root. */
export function applyTheme(theme: ThemeChoice): void {
  const root = document.documentElement;
  if (theme === "system") delete root.dataset.askTheme;
  else root.dataset.askTheme = theme;
}
