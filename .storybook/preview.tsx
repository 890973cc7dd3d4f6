import type { Decorator, Preview } from "@storybook/react-vite";
import "../src/react/styles.css";
import "./preview.css";

const withPage: Decorator = (Story, context) => (
  <main className="story-page" data-ask-theme={context.parameters.theme ?? "light"}>
    <h1 className="ask-visually-hidden">{context.title}</h1>
    <Story />
  </main>
);

const preview: Preview = {
  parameters: { layout: "fullscreen" },
  decorators: [withPage],
};

export default preview;
