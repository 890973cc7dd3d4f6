// The CopilotKit page, built by Vite in production mode: `ask-user-kit/*` from the repository's
// sources (as the other test pages), `@copilotkit/react-core` from its cache, React from the
// repository, so the page holds one copy of it.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildTestPage } from "../e2e-support/build-page";
import { copilotKitReactDir } from "./copilotkit-react-install";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const COPILOTKIT_PAGE_ROOT = fileURLToPath(new URL("./copilotkit-page/", import.meta.url));
/** The main chunk holds react-core with its chat, markdown and inspector: about 2.3 MB. */
const CHUNK_SIZE_WARNING_KB = 3072;

/** The page's imports outside the repository's own packages, and where each is read from. */
export function copilotKitPageModules(): Record<string, string> {
  const reactCore = join(copilotKitReactDir, "node_modules", "@copilotkit", "react-core");
  return {
    "@copilotkit/react-core/v2": join(reactCore, "dist/v2/index.mjs"),
    "ask-user-kit/ag-ui/react": join(ROOT, "src/ag-ui/react/index.ts"),
    "ask-user-kit/composer": join(ROOT, "src/composer.ts"),
    "ask-user-kit/style.css": join(ROOT, "src/react/styles.css"),
  };
}

const exactly = (specifier: string) =>
  new RegExp(`^${specifier.replace(/[/.-]/g, (character) => `\\${character}`)}$`);

/** Builds the page (react-core installed) and returns the folder it was built into. */
export async function buildCopilotKitPage(): Promise<string> {
  const alias = Object.entries(copilotKitPageModules()).map(([specifier, replacement]) => ({
    find: exactly(specifier),
    replacement,
  }));
  return buildTestPage(COPILOTKIT_PAGE_ROOT, "copilotkit", {
    resolve: { alias, dedupe: ["react", "react-dom"] },
    chunkSizeWarningKb: CHUNK_SIZE_WARNING_KB,
  });
}
