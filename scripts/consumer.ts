/**
 * `npm run test:consumer`, after `npm run build`: the package as a host receives it. publint and
 * attw check the package; `npm pack` makes the tarball; then, once with the lowest and once with
 * the latest supported peers, the tarball is installed into a throwaway Vite + React + TypeScript
 * app in a temporary folder outside the repository, an import of every entry is type-checked
 * under moduleResolution bundler, node16 and nodenext, every entry is loaded with require(), the
 * app is built, and a question asked through the package's bin is answered in Chromium against
 * the mock gateway the bin started. The README's AI SDK chat (its route handler and its page, with
 * the pinned `ai` and `@ai-sdk/react`) is compiled and run in Chromium on `ai/test`'s mock model.
 * Prints "N passed, N failed" and the time taken.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { chatInBrowser } from "../test/consumer/ai-sdk-chat";
import { answerInBrowser } from "../test/consumer/answer-in-browser";
import { formsInBrowser } from "../test/consumer/mcp-forms";
import { cleanEnv, run } from "../test/consumer/processes";
import { checkTarball, type PackedFile } from "../test/consumer/tarball";
import { launchChromium } from "../test/support/chromium";
import { runMain } from "./run-main";

const ROOT = resolve(import.meta.dirname, "..");
const APP_TEMPLATE = join(ROOT, "test/consumer/app");
const MODULE_RESOLUTIONS = ["bundler", "node16", "nodenext"];
/** A README code block that names its file on its first line, as a host would save it. */
const README_EXAMPLE = /```ts\n\/\/ ([\w.-]+\.ts)\n[\s\S]*?```/g;
const README_EXAMPLES_EXPECTED = 3;
/** A README React example that names its file, compiled with the app and rendered by its page. */
const README_REACT_EXAMPLE = /```tsx\n\/\/ ([\w.-]+\.tsx)\n[\s\S]*?```/g;
const README_REACT_EXAMPLES_EXPECTED = 3;
/** The README's MCP forms example: saved into src/mcp/ and compiled against the pinned SDK. */
const MCP_EXAMPLES = new Set(["mcp-forms.tsx"]);
/** The README's AI SDK chat: saved into src/ai-sdk/, next to the test's model.ts and page. */
const AI_SDK_EXAMPLES = new Set(["chat-route.ts", "ai-sdk-chat.tsx"]);
/** Installed at exactly the versions the kit is developed against (`ai` in both peer sets). */
const AI_SDK_PACKAGES = ["ai", "@ai-sdk/react"];

type Manifest = {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;

/** The lowest version a `^x.y.z` peer range allows. */
function lowestOf(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)$/.exec(range);
  if (match?.[1] === undefined) throw new Error(`peer range "${range}" is not of the form ^x.y.z`);
  return match[1];
}

/** `aiSdkChat`: install `@ai-sdk/react` and run the README's AI SDK chat. */
type PeerSet = {
  name: string;
  version(range: string): string;
  typescript: string;
  aiSdkChat: boolean;
};
const PEER_SETS: PeerSet[] = [
  // @ai-sdk/react needs React 19.0.1 or later, so the chat runs with the latest peers only.
  {
    name: "lowest",
    version: lowestOf,
    typescript: manifest.devDependencies.typescript ?? "",
    aiSdkChat: false,
  },
  { name: "latest", version: (range) => range, typescript: "latest", aiSdkChat: true },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
let passed = 0;
let failed = 0;

/** Runs one check, prints its line, and tells whether it passed. */
async function check(name: string, body: () => Promise<string | undefined>): Promise<boolean> {
  const started = Date.now();
  try {
    const note = await body();
    passed += 1;
    console.log(`  ok   ${name} (${seconds(Date.now() - started)})${note ? `: ${note}` : ""}`);
    return true;
  } catch (error) {
    failed += 1;
    const message = error instanceof Error ? error.message : String(error);
    console.log(`  FAIL ${name} (${seconds(Date.now() - started)})\n${message.trimEnd()}`);
    return false;
  }
}

/** Runs a command and throws with its output unless it exits 0. */
async function succeed(command: string, args: string[], cwd: string): Promise<string> {
  const { code, output } = await run(command, args, { cwd, env: cleanEnv() });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  return output;
}

function appManifest(tarball: string, set: PeerSet): string {
  const peers = Object.fromEntries(
    Object.entries(manifest.peerDependencies).map(([name, range]) => [name, set.version(range)]),
  );
  const typesReact = peers["@types/react"] ?? "";
  const { "@types/react": _, ...runtimePeers } = peers;
  for (const name of set.aiSdkChat ? AI_SDK_PACKAGES : ["ai"])
    runtimePeers[name] = manifest.devDependencies[name] ?? "";
  return `${JSON.stringify(
    {
      name: `ask-user-kit-consumer-${set.name}`,
      private: true,
      type: "module",
      dependencies: { "ask-user-kit": `file:${tarball}`, ...runtimePeers },
      devDependencies: {
        "@types/react": typesReact,
        "@types/react-dom": typesReact,
        "@vitejs/plugin-react": manifest.devDependencies["@vitejs/plugin-react"],
        typescript: set.typescript,
        vite: manifest.devDependencies.vite,
      },
    },
    null,
    2,
  )}\n`;
}

function installedVersions(app: string, set: PeerSet): string {
  const aiSdk = set.aiSdkChat ? AI_SDK_PACKAGES : [];
  return [...new Set([...Object.keys(manifest.peerDependencies), ...aiSdk, "typescript"])]
    .map((name) => {
      const file = join(app, "node_modules", name, "package.json");
      const version = existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version
        : "missing";
      return `${name}@${version}`;
    })
    .join(" ");
}

/** The strings that would show `ws` or the mock gateway inside the browser bundle. */
const NODE_ONLY_MARKERS = ["ws does not work in the browser", "WebSocketServer", '"node:'];

/**
 * Saves the README's file-named examples into the app, where they compile against the package:
 * the Node ones into src/readme/, the AI SDK chat into src/ai-sdk/, the React one into src/.
 */
function saveReadmeExamples(app: string): number {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const folder = join(app, "src", "readme");
  mkdirSync(folder, { recursive: true });
  const folderOf = (file: string, otherwise: string) =>
    AI_SDK_EXAMPLES.has(file)
      ? join(app, "src", "ai-sdk")
      : MCP_EXAMPLES.has(file)
        ? join(app, "src", "mcp")
        : otherwise;
  mkdirSync(join(app, "src", "mcp"), { recursive: true });
  const examples = [...readme.matchAll(README_EXAMPLE)];
  for (const [block, file = ""] of examples) {
    const text = block.replace(/^```ts\n/, "").replace(/```$/, "");
    writeFileSync(join(folderOf(file, folder), file), text);
  }
  const reactExamples = [...readme.matchAll(README_REACT_EXAMPLE)];
  for (const [block, file = ""] of reactExamples) {
    const text = block.replace(/^```tsx\n/, "").replace(/```$/, "");
    writeFileSync(join(folderOf(file, join(app, "src")), file), text);
  }
  const saved = [...examples, ...reactExamples].filter(([, file = ""]) =>
    AI_SDK_EXAMPLES.has(file),
  );
  if (saved.length !== AI_SDK_EXAMPLES.size)
    throw new Error(`README has ${saved.length} of the ${AI_SDK_EXAMPLES.size} AI SDK examples`);
  if (reactExamples.length !== README_REACT_EXAMPLES_EXPECTED)
    throw new Error(`README has ${reactExamples.length} file-named React examples`);
  // The embedding example, identical to the README's first block (test/readme-example.test.ts).
  cpSync(join(ROOT, "test", "readme", "embed-example.tsx"), join(app, "src", "embed-example.tsx"));
  return examples.length;
}

type Step = [string, () => Promise<string | undefined>];

/** The README's AI SDK chat: compiled before the app's build, run in Chromium after it. */
function aiSdkSteps(app: string, browser: Browser): { compile: Step; run: Step } {
  const bin = (name: string) => join(app, "node_modules", ".bin", name);
  return {
    compile: [
      "the README's AI SDK route and chat compile (bundler), ai and @ai-sdk/react pinned",
      async () => {
        await succeed(bin("tsc"), ["-p", "tsconfig.ai-sdk.json"], app);
        return undefined;
      },
    ],
    run: [
      "the README's AI SDK chat in Chromium: its route on ai/test's model, one ask_user answered",
      async () => {
        // The route as a server runs it: bundled with its model, `ai` and the kit left external.
        await succeed(
          bin("vite"),
          ["build", "--ssr", "src/ai-sdk/chat-route.ts", "--outDir", "server"],
          app,
        );
        return chatInBrowser(app, browser);
      },
    ],
  };
}

async function consumerRun(set: PeerSet, tarball: string, scratch: string, browser: Browser) {
  const note = set.aiSdkChat ? "" : " (no @ai-sdk/react: it needs React 19.0.1 or later)";
  console.log(`\n${set.name} supported peers${note}`);
  const app = join(scratch, set.name);
  cpSync(APP_TEMPLATE, app, { recursive: true });
  const readmeExamples = saveReadmeExamples(app);
  if (!set.aiSdkChat) rmSync(join(app, "ai-sdk.html"));
  await writeFile(join(app, "package.json"), appManifest(tarball, set));
  const bin = (name: string) => join(app, "node_modules", ".bin", name);
  const aiSdk = set.aiSdkChat ? aiSdkSteps(app, browser) : null;
  const steps: Step[] = [
    [
      "npm install (no ERESOLVE, no --legacy-peer-deps)",
      async () => {
        await succeed("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], app);
        return installedVersions(app, set);
      },
    ],
    ...MODULE_RESOLUTIONS.map(
      (mode): Step => [
        `tsc, every entry, moduleResolution ${mode}`,
        async () => {
          await succeed(bin("tsc"), ["-p", `tsconfig.${mode}.json`], app);
          return undefined;
        },
      ],
    ),
    [
      "require() of every JavaScript entry",
      async () => (await succeed("node", ["require-entries.cjs"], app)).trim().split("\n").at(-1),
    ],
    [
      "the README's Node back-end and testing examples compile (nodenext) and run",
      async () => {
        if (readmeExamples !== README_EXAMPLES_EXPECTED)
          throw new Error(`README has ${readmeExamples} file-named examples`);
        await succeed(bin("tsc"), ["-p", "tsconfig.readme.json"], app);
        return (await succeed("node", ["readme-examples.mjs"], app)).trim().split("\n").at(-1);
      },
    ],
    ...(aiSdk === null ? [] : [aiSdk.compile]),
    [
      "the README's MCP forms example compiles (bundler) against @modelcontextprotocol/sdk",
      async () => {
        await succeed(bin("tsc"), ["-p", "tsconfig.mcp.json"], app);
        return installedVersions(app, set)
          .split(" ")
          .find((item) => item.startsWith("@modelcontextprotocol/sdk@"));
      },
    ],
    [
      "vite build, no ws or mock gateway in the browser bundle",
      async () => {
        await succeed(bin("vite"), ["build"], app);
        const assets = join(app, "dist", "assets");
        for (const file of readdirSync(assets).filter((name) => name.endsWith(".js"))) {
          const code = readFileSync(join(assets, file), "utf8");
          const found = NODE_ONLY_MARKERS.filter((marker) => code.includes(marker));
          if (found.length > 0) throw new Error(`${file} contains ${found.join(", ")}`);
        }
        return undefined;
      },
    ],
    ["answer in Chromium against the bin's mock gateway", () => answerInBrowser(app, browser)],
    ...(aiSdk === null ? [] : [aiSdk.run]),
    [
      "the README's MCP forms example in Chromium: a real MCP server's 12-field form, skipped",
      async () => formsInBrowser(app, browser),
    ],
  ];
  for (const [index, [name, body]] of steps.entries()) {
    if (!(await check(name, body))) {
      const skipped = steps.length - index - 1;
      if (skipped > 0) console.log(`  (${skipped} later checks of this run not attempted)`);
      failed += skipped;
      return;
    }
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  if (
    !existsSync(join(ROOT, "dist", "cli", "main.js")) ||
    !existsSync(join(ROOT, "dist", "index.d.ts"))
  ) {
    console.error("dist/ is missing or incomplete: run `npm run build` first.");
    return 1;
  }
  const scratch = mkdtempSync(join(tmpdir(), "ask-user-kit-consumer-"));
  console.log(`package checks (scratch folder ${scratch})`);
  let browser: Browser | null = null;
  try {
    await check("publint --strict", async () => {
      await succeed("npx", ["publint", "--strict"], ROOT);
      return undefined;
    });
    // Accepted on purpose: the package is ESM only. `--profile node16` leaves out
    // moduleResolution node10, which cannot read `exports` at all (deprecated by TypeScript and
    // gone in TypeScript 7). `cjs-resolves-to-esm` is what a CommonJS host sees: Node 20.19+ and
    // TypeScript 5.8+ (module nodenext) load ESM with require(), which the checks below prove.
    await check("attw (ESM only: node10 and cjs-resolves-to-esm accepted)", async () => {
      await succeed(
        "npx",
        [
          "attw",
          "--pack",
          ".",
          "--profile",
          "node16",
          "--ignore-rules",
          "cjs-resolves-to-esm",
          "--include-entrypoints",
          "./locales/de",
          "./locales/ja",
          "./locales/ar",
          "--format",
          "table-flipped",
          "--no-color",
          "--no-emoji",
        ],
        ROOT,
      );
      return undefined;
    });
    let tarball = "";
    await check("npm pack: the tarball holds what hosts and the README need", async () => {
      const output = await succeed(
        "npm",
        ["pack", "--json", "--pack-destination", scratch, "--loglevel=error"],
        ROOT,
      );
      const [packed] = JSON.parse(output) as Array<{ filename: string; files: PackedFile[] }>;
      if (packed === undefined) throw new Error("npm pack reported no tarball");
      tarball = join(scratch, packed.filename);
      return checkTarball(ROOT, packed.files);
    });
    if (tarball === "") return 1;
    browser = await launchChromium();
    for (const set of PEER_SETS) await consumerRun(set, tarball, scratch, browser);
  } finally {
    await browser?.close();
    if (process.env.KEEP_CONSUMER === undefined) rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\n${passed} passed, ${failed} failed in ${seconds(Date.now() - started)}`);
  return failed === 0 ? 0 : 1;
}

runMain(main);
