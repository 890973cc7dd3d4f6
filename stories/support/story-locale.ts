import { createContext } from "react";
import { ar, type Dictionary, de, en, ja } from "../../src/index";

/** Dictionaries the Storybook "locale" toolbar can switch to. */
export const STORY_DICTIONARIES: Record<string, Dictionary> = { en, de, ja, ar };

/** The dictionary chosen in the toolbar; a story's own `dictionary` wins. */
export const StoryLocaleContext = createContext<Dictionary | undefined>(undefined);
