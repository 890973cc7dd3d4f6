import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The demo page is built apart from the library: `vite build --config vite.demo.config.ts`.
export default defineConfig({
  plugins: [react()],
  root: ".",
  publicDir: false,
  // The demo's dependencies are what its page imports: the test pages' own (a CopilotKit page's
  // packages live in a cache outside the repository) must not stop the dev server's pre-bundling.
  optimizeDeps: { entries: ["index.html"] },
  // One page of a few hundred KB (React, the kit, the demo) served from loopback: no need to split.
  build: { outDir: "dist-demo", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
});
