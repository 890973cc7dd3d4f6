import type { Decorator, Preview } from "@storybook/react-vite";
import "../src/react/styles.css";
import "./preview.css";
import { questionPanel } from "../src/react/question-panel";
import { persistencePart, submissionPart } from "../src/store/lazy-parts";
import { STORY_DICTIONARIES, StoryLocaleContext } from "../stories/support/story-locale";

// A page loads the dock's question panel as <ComposerDock> mounts and the store's storage part as
// the first store is made, long before a question arrives; a story opens with its question there,
// so both load before it renders, as on a page whose chunks arrived.
const loadLazyParts = async () => {
  await Promise.all([questionPanel.load(), persistencePart.load(), submissionPart.load()]);
  return {};
};

const withPage: Decorator = (Story, context) => {
  const theme = context.parameters.theme ?? context.globals.theme ?? "light";
  const dictionary = STORY_DICTIONARIES[String(context.globals.locale ?? "en")];
  return (
    <StoryLocaleContext.Provider value={dictionary}>
      <main className="story-page" data-ask-theme={theme} dir={dictionary?.dir ?? "ltr"}>
        <h1 className="ask-visually-hidden">{context.title}</h1>
        <Story />
      </main>
    </StoryLocaleContext.Provider>
  );
};

const preview: Preview = {
  parameters: { layout: "fullscreen" },
  globalTypes: {
    theme: {
      description: "Colour theme",
      toolbar: { title: "Theme", icon: "contrast", items: ["light", "dark"], dynamicTitle: true },
    },
    locale: {
      description: "Dictionary (ar is right to left)",
      toolbar: {
        title: "Locale",
        icon: "globe",
        items: ["en", "de", "ja", "ar"],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light", locale: "en" },
  decorators: [withPage],
  loaders: [loadLazyParts],
};

export default preview;
