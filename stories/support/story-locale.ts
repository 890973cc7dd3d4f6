import { createContext } from "react";
import { type Dictionary, en } from "../../src/index";
import { ar } from "../../src/locales/ar";
import { de } from "../../src/locales/de";
import { ja } from "../../src/locales/ja";

/** Dictionaries the Storybook "locale" toolbar can switch to. */
export const STORY_DICTIONARIES: Record<string, Dictionary> = { en, de, ja, ar };

/** The dictionary chosen in the toolbar; a story's own `dictionary` wins. */
export const StoryLocaleContext = createContext<Dictionary | undefined>(undefined);
