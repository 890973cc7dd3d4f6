// API reports (etc/<entry>.api.md) of each typed entry in package.json "exports", from the
// declarations in dist/. `--update` writes them; without it they are compared with the checked-in
// ones and the root entry's runtime values are counted against a limit.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { CompilerState, Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import ts from "typescript";

const REPORT_FOLDER = "etc";
const ROOT_VALUE_LIMIT = 60;
const DIFF_LINES = 40;
const update = process.argv.includes("--update");
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const temp = join(tmpdir(), `api-report-${process.pid}`);

/** Each typed entry (as imported), its report's name and declaration file; wildcards expanded. */
function entries() {
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const types = target?.types;
    // The style sheet's declaration is `export {}`: nothing to report.
    if (types === undefined || types.endsWith(".css.d.ts")) return [];
    const [prefix, suffix = ""] = types.split("*");
    const folder = dirname(types);
    const files = !types.includes("*")
      ? [types]
      : (existsSync(folder) ? readdirSync(folder) : [])
          .map((file) => `${folder}/${file}`)
          .filter((file) => file.startsWith(prefix) && file.endsWith(suffix));
    return files.map((file) => {
      const name = subpath.replace("*", file.slice(prefix.length, file.length - suffix.length));
      const report = name === "." ? pkg.name : name.slice(2).replaceAll("/", "-");
      return { specifier: pkg.name + name.slice(1), report, file: resolve(file) };
    });
  });
}

// The title names the entry; a warning not tied to a declaration loses its line and column,
// which move with any edit to that file.
function normalize(report, entry) {
  return report
    .replace(`API Report File for "${pkg.name}"`, `API Report File for "${entry.specifier}"`)
    .replace(/^(\/\/ \S+\.d\.ts):\d+:\d+ - /gm, "$1 - ");
}

function shortDiff(expected, actual) {
  const args = ["diff", "--no-index", "--no-color", "-U2", "--", expected, actual];
  const diff = spawnSync("git", args, { encoding: "utf8" });
  if (diff.error) return `(no diff: ${diff.error.message})`;
  const lines = diff.stdout.trimEnd().split("\n");
  const more = lines.length > DIFF_LINES ? `\n… ${lines.length - DIFF_LINES} more lines` : "";
  return lines.slice(0, DIFF_LINES).join("\n") + more;
}

/** Exports of `file` with a runtime value; one reached through `export type` is a type. */
function countRuntimeValues(file) {
  const program = ts.createProgram([file], { skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file));
  return checker.getExportsOfModule(module).filter((exported) => {
    let symbol = exported;
    while (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) {
      if (symbol.declarations?.some((node) => ts.isTypeOnlyImportOrExportDeclaration(node)))
        return false;
      symbol = checker.getImmediateAliasedSymbol(symbol);
    }
    return symbol !== undefined && (symbol.flags & ts.SymbolFlags.Value) !== 0;
  }).length;
}

const all = existsSync("dist") ? entries() : [];
const absent = all.find(({ file }) => !existsSync(file))?.file ?? (all.length ? null : "dist/");
if (absent !== null) {
  console.error(`api-report: ${absent} not found; run \`npm run build\` first.`);
  process.exit(1);
}

const files = all.map(({ file }) => file);
const CONFIG = {
  projectFolder: process.cwd(),
  // The project's options minus the test globals, with only the entries as roots.
  compiler: {
    overrideTsconfig: { extends: "./tsconfig.json", compilerOptions: { types: ["node"] }, files },
  },
  apiReport: { enabled: true, reportFolder: temp, reportTempFolder: temp },
  docModel: { enabled: false },
  dtsRollup: { enabled: false },
  tsdocMetadata: { enabled: false },
  newlineKind: "lf",
  messages: {
    // By default a compiler error is a warning, which a local build lets pass.
    compilerMessageReporting: { default: { logLevel: "error" } },
    extractorMessageReporting: {
      default: { logLevel: "warning", addToApiReportFile: true },
      // The project marks no release stages (@public, @beta): every export is public.
      "ae-missing-release-tag": { logLevel: "none" },
      // As in api-extractor's defaults, which a config built in code does not get.
      "ae-undocumented": { logLevel: "none" },
      // @langchain/react's declarations import @langchain/protocol, whose types are a .ts file;
      // the compiler state is shared by every entry, so each report would carry that warning.
      "ae-wrong-input-file-type": { logLevel: "none", addToApiReportFile: false },
    },
    // The doc comments are written for readers, not to TSDoc's grammar.
    tsdocMessageReporting: { default: { logLevel: "none" } },
  },
};

let failed = false;
mkdirSync(temp, { recursive: true });
if (update) mkdirSync(REPORT_FOLDER, { recursive: true });
try {
  let compilerState;
  for (const entry of all) {
    const config = ExtractorConfig.prepare({
      configObject: {
        ...CONFIG,
        mainEntryPointFilePath: entry.file,
        apiReport: { ...CONFIG.apiReport, reportFileName: entry.report },
      },
      packageJsonFullPath: resolve("package.json"),
    });
    compilerState ??= CompilerState.create(config);
    // A local build fails on errors only; warnings stay in the report, where a diff shows them.
    const result = Extractor.invoke(config, {
      localBuild: true,
      compilerState,
      messageCallback: (message) => {
        if (message.logLevel === "info") message.handled = true;
      },
    });
    const checkedIn = `${REPORT_FOLDER}/${entry.report}.api.md`;
    const made = join(temp, `${entry.report}.api.md`);
    const report = result.succeeded ? normalize(readFileSync(made, "utf8"), entry) : null;
    const current = existsSync(checkedIn) ? readFileSync(checkedIn, "utf8") : null;
    if (report === null) {
      console.error(`${entry.specifier}: api-extractor failed with ${result.errorCount} error(s)`);
    } else if (update) {
      writeFileSync(checkedIn, report);
      console.log(`${entry.specifier}: ${checkedIn}`);
      continue;
    } else if (report === current) {
      console.log(`${entry.specifier}: ${checkedIn} up to date`);
      continue;
    } else if (current === null) {
      console.error(`${entry.specifier}: ${checkedIn} is missing; run \`npm run api:update\``);
    } else {
      writeFileSync(made, report);
      console.error(`${entry.specifier}: the API differs from ${checkedIn}`);
      console.error(shortDiff(checkedIn, made));
      console.error("(if the change is intended: `npm run build && npm run api:update`)");
    }
    failed = true;
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

// A report whose entry is gone would otherwise stay checked in unnoticed.
const reports = new Set(all.map(({ report }) => `${report}.api.md`));
for (const file of existsSync(REPORT_FOLDER) ? readdirSync(REPORT_FOLDER) : []) {
  if (!file.endsWith(".api.md") || reports.has(file)) continue;
  console.error(`${REPORT_FOLDER}/${file}: no such entry${update ? ", removed" : ""}`);
  if (update) rmSync(join(REPORT_FOLDER, file));
  else failed = true;
}

if (!update) {
  const values = countRuntimeValues(all.find(({ specifier }) => specifier === pkg.name).file);
  console.log(`root entry: ${values} runtime values (limit ${ROOT_VALUE_LIMIT})`);
  if (values > ROOT_VALUE_LIMIT) {
    console.error(`root entry: ${values - ROOT_VALUE_LIMIT} runtime values over the limit`);
    failed = true;
  }
}
if (failed) process.exit(1);
