import { existsSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The gateway page, and the README's AI SDK chat and MCP forms where the test kept their pages.
const pages = ["index.html", "ai-sdk.html", "mcp.html"].filter((page) => existsSync(page));

export default defineConfig({
  plugins: [react()],
  logLevel: "warn",
  build: { rolldownOptions: { input: pages } },
});
