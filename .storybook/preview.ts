import type { Preview } from "@storybook/react-vite";
import "../src/react/styles.css";

const preview: Preview = {
  parameters: { layout: "padded" },
};

export default preview;
