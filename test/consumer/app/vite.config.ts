import { existsSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The gateway page, and the README's AI SDK chat where the consumer test kept its page.
const pages = ["index.html", "ai-sdk.html"].filter((page) => existsSync(page));

export default defineConfig({
  plugins: [react()],
  logLevel: "warn",
  build: { rolldownOptions: { input: pages } },
});
