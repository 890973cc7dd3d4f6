// What the lane checks of the CopilotKit page before it runs: that copilotkit-chat.tsx is still the
// README's block, and that the page type-checks (the repository's strict options) against
// react-core's own types and the kit's sources. The root tsconfig leaves the page out: react-core
// lives in a cache outside the repository.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "../consumer/processes";
import { COPILOTKIT_PAGE_ROOT, copilotKitPageModules } from "./copilotkit-page-build";
import { copilotKitReactDir } from "./copilotkit-react-install";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PAGE_FILE = join(COPILOTKIT_PAGE_ROOT, "copilotkit-chat.tsx");
const README_BLOCK = /```tsx\n([\s\S]*?)```/g;

/** Throws unless the page's copilotkit-chat.tsx is the README's CopilotKit block, byte for byte. */
export async function assertPageIsReadmeBlock(): Promise<void> {
  const readme = await readFile(join(ROOT, "README.md"), "utf8");
  const blocks = [...readme.matchAll(README_BLOCK)]
    .map(([, code = ""]) => code)
    .filter((code) => code.includes('from "@copilotkit/react-core/v2"'));
  if (blocks.length !== 1) throw new Error(`README has ${blocks.length} CopilotKit blocks, not 1`);
  if (blocks[0] !== (await readFile(PAGE_FILE, "utf8")))
    throw new Error(`${PAGE_FILE} is not the README's CopilotKit block: copy the block again`);
}

/** Type-checks the page with the repository's compiler options; throws with tsc's errors. */
export async function typeCheckCopilotKitPage(): Promise<void> {
  const modules = copilotKitPageModules();
  const reactCore = modules["@copilotkit/react-core/v2"]?.replace(/\.mjs$/, ".d.mts") ?? "";
  const reactTypes = join(ROOT, "node_modules", "@types", "react");
  const paths: Record<string, string[]> = {
    "@copilotkit/react-core/v2": [reactCore],
    // One React's types for the page and react-core, as the build has one React.
    react: [join(reactTypes, "index.d.ts")],
    "react/*": [join(reactTypes, "*")],
  };
  for (const [specifier, file] of Object.entries(modules))
    if (specifier.startsWith("ask-user-kit/") && file.endsWith(".ts")) paths[specifier] = [file];
  // Kept beside react-core with what tsc learnt: a later run checks again only what changed.
  const project = join(copilotKitReactDir, "page-tsconfig.json");
  const config = {
    extends: join(ROOT, "tsconfig.json"),
    compilerOptions: {
      types: [],
      paths,
      incremental: true,
      tsBuildInfoFile: join(copilotKitReactDir, "page.tsbuildinfo"),
    },
    include: [],
    files: [join(COPILOTKIT_PAGE_ROOT, "main.tsx")],
  };
  await writeFile(project, JSON.stringify(config, null, 2));
  const tsc = join(ROOT, "node_modules", ".bin", "tsc");
  const { code, output } = await run(tsc, ["-p", project], { cwd: ROOT, env: process.env });
  if (code !== 0) throw new Error(`the CopilotKit page does not type-check:\n${output}`);
}
