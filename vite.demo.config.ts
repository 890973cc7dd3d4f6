import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The demo page is built apart from the library: `vite build --config vite.demo.config.ts`.
export default defineConfig({
  plugins: [react()],
  root: ".",
  publicDir: false,
  build: { outDir: "dist-demo", emptyOutDir: true, sourcemap: true },
});
