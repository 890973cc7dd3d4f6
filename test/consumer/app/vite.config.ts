import { existsSync } from "node:fs";
import { mergeConfig } from "vite";
// The README's vite.config.ts (its React plugin and /mcp proxy), saved here by the consumer test.
import readme from "./vite.readme.config";

// The gateway page, and the README's AI SDK chat, MCP forms and LangGraph chat where the test kept
// their pages.
const pages = ["index.html", "ai-sdk.html", "forms.html", "langgraph.html"].filter((page) =>
  existsSync(page),
);

export default mergeConfig(readme, {
  logLevel: "warn",
  build: { rolldownOptions: { input: pages } },
});
