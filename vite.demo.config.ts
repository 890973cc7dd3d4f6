import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The demo page is built apart from the library: `vite build --config vite.demo.config.ts`.
export default defineConfig({
  plugins: [react()],
  root: ".",
  publicDir: false,
  // One page of a few hundred KB (React, the kit, the demo) served from loopback: no need to split.
  build: { outDir: "dist-demo", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
});
