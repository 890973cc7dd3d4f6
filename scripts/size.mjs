// Prints the gzip size of each entry with the chunks it imports (dependencies stay external),
// as shipped and minified, and judges the goals on the minified figure (what a host bundles).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync, transformSync } from "esbuild";

const DIST = "dist";
const BYTES_PER_KB = 1024;
const BROWSER_ENTRY_GOAL_KB = 15;
const CORE_ENTRY_GOAL_KB = 8;
const CORE_ENTRIES = ["protocol.js", "gateway.js", "store.js", "channels.js"];
const IMPORT_PATTERN = /(?:import|export)\s*(?:[^"']*?from\s*)?["'](\.\/[^"']+\.js)["']/g;

if (!existsSync(join(DIST, "index.js"))) {
  console.error("dist/index.js is missing: run `npm run build` first.");
  process.exit(1);
}

function closureOf(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(join(DIST, file), "utf8").matchAll(IMPORT_PATTERN)) {
      visit(join(dirname(file), match[1]));
    }
  };
  visit(entry);
  return [...seen];
}

function measure(files) {
  const source = files.map((file) => readFileSync(join(DIST, file), "utf8")).join("\n");
  const minified = files
    .map(
      (file) =>
        transformSync(readFileSync(join(DIST, file), "utf8"), { minify: true, format: "esm" }).code,
    )
    .join("\n");
  return {
    shipped: gzipSync(source).length / BYTES_PER_KB,
    minified: gzipSync(minified).length / BYTES_PER_KB,
  };
}

let overall = true;
function report(label, files, goalKb) {
  const { shipped, minified } = measure(files);
  const verdict =
    goalKb === null
      ? ""
      : minified <= goalKb
        ? `PASS (<= ${goalKb} KB)`
        : `over (goal ${goalKb} KB)`;
  if (goalKb !== null && minified > goalKb) overall = false;
  console.log(
    `${label.padEnd(28)} ${String(files.length).padStart(2)} files  gzip ${shipped.toFixed(2).padStart(6)} KB  minified+gzip ${minified.toFixed(2).padStart(6)} KB  ${verdict}`,
  );
}

report("index.js (browser entry)", closureOf("index.js"), BROWSER_ENTRY_GOAL_KB);
for (const entry of CORE_ENTRIES) report(entry, closureOf(entry), CORE_ENTRY_GOAL_KB);
report("React-free entries together", [...new Set(CORE_ENTRIES.flatMap(closureOf))], null);
// What a typical browser host ships after tree shaking: provider, composer dock and summary.
const hostBundle = buildSync({
  stdin: {
    contents:
      'export { QuestionsProvider, ComposerDock, AnswerSummary, createBrowserGatewayClient } from "./dist/index.js";',
    resolveDir: process.cwd(),
  },
  bundle: true,
  minify: true,
  format: "esm",
  write: false,
  external: [
    "react",
    "react-dom",
    "react/*",
    "zustand",
    "zustand/*",
    "@radix-ui/*",
    "ws",
    "@noble/*",
  ],
  logLevel: "silent",
});
const hostKb = gzipSync(hostBundle.outputFiles[0].contents).length / BYTES_PER_KB;
console.log(
  `${"typical host, tree-shaken".padEnd(28)}          minified+gzip ${hostKb.toFixed(2).padStart(6)} KB  (provider, composer dock, summary, browser client)`,
);
const css = join(DIST, "style.css");
if (existsSync(css)) {
  console.log(
    `${"style.css".padEnd(28)}           gzip ${(gzipSync(readFileSync(css)).length / BYTES_PER_KB).toFixed(2).padStart(6)} KB`,
  );
}
console.log(overall ? "\nsize: every goal met" : "\nsize: some entries are over their goal");
