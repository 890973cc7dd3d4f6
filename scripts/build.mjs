// Library build: bundles with Vite (dependencies external); then the bin (`npx ask-user-kit`) as
// a Node program of its own in dist/cli/, so it leaves the library's chunks as they are; then one
// declaration file per source module with the TypeScript compiler API. The declarations are
// rewritten as they are emitted so they resolve under every moduleResolution a host may use
// (bundler, node16, nodenext): relative specifiers get the `.js` file they stand for
// ("./gateway/index" becomes "./gateway/index.js"), and style imports, which mean nothing to a
// type checker, are dropped.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";
import { build } from "vite";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const DECLARATION_CONFIG = "tsconfig.build.json";
const BIN_SOURCE = "src/cli/main.ts";
const BIN_DIR = "dist/cli";
const QUESTION_WORKER_SOURCE = "src/notify/question-worker.ts";
const QUESTION_WORKER_DIR = "dist/notify";
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts"];
const STYLE_IMPORT = /\.css$/;
// `import "ask-user-kit/style.css"` type-checks in any host, also where side-effect imports
// must resolve and no `*.css` module is declared.
const STYLE_DECLARATION = "dist/style.css.d.ts";

const bundled = spawnSync(npx, ["vite", "build"], { stdio: "inherit" });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);

await build({
  configFile: false,
  logLevel: "warn",
  build: {
    ssr: BIN_SOURCE,
    outDir: BIN_DIR,
    emptyOutDir: false,
    target: "node20",
    sourcemap: true,
    minify: false,
    rolldownOptions: { output: { chunkFileNames: "[name]-[hash].js" } },
  },
});
console.log(`bin: ${BIN_DIR}/main.js`);

// The drop-in service worker: one classic script with nothing to import, since a worker a host
// registers as it is must run in every browser (module workers are not everywhere).
await build({
  configFile: false,
  logLevel: "warn",
  build: {
    outDir: QUESTION_WORKER_DIR,
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    lib: {
      entry: QUESTION_WORKER_SOURCE,
      formats: ["iife"],
      name: "askUserKitQuestionWorker",
      fileName: () => "question-worker.js",
    },
  },
});
console.log(`worker: ${QUESTION_WORKER_DIR}/question-worker.js`);

/** The `.js` specifier a relative import of `fromFile` stands for, or null when none exists. */
function withJsExtension(fromFile, specifier) {
  if (/\.[cm]?js$/.test(specifier)) return specifier;
  const target = resolve(dirname(fromFile), specifier);
  if (SOURCE_EXTENSIONS.some((extension) => existsSync(target + extension)))
    return `${specifier}.js`;
  if (SOURCE_EXTENSIONS.some((extension) => existsSync(resolve(target, `index${extension}`))))
    return `${specifier}/index.js`;
  return null;
}

const unresolved = [];

/** Rewrites the module specifiers of one emitted declaration file. */
function rewriteDeclarations(context) {
  const { factory } = context;
  return (sourceFile) => {
    const rewrite = (literal) => {
      const specifier = literal.text;
      if (!specifier.startsWith(".")) return literal;
      const next = withJsExtension(sourceFile.fileName, specifier);
      if (next === null) {
        unresolved.push(`${sourceFile.fileName}: '${specifier}'`);
        return literal;
      }
      return factory.createStringLiteral(next);
    };
    const visit = (node) => {
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal;
        if (ts.isStringLiteral(literal)) {
          return factory.updateImportTypeNode(
            node,
            factory.updateLiteralTypeNode(node.argument, rewrite(literal)),
            node.attributes,
            node.qualifier,
            node.typeArguments,
            node.isTypeOf,
          );
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    const statements = [];
    for (const statement of sourceFile.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier !== undefined &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier
          : null;
      if (specifier === null) {
        statements.push(visit(statement));
      } else if (ts.isImportDeclaration(statement)) {
        // A side-effect import of a style sheet: the host imports `ask-user-kit/style.css` itself.
        if (statement.importClause === undefined && STYLE_IMPORT.test(specifier.text)) continue;
        statements.push(
          factory.updateImportDeclaration(
            statement,
            statement.modifiers,
            statement.importClause,
            rewrite(specifier),
            statement.attributes,
          ),
        );
      } else {
        statements.push(
          factory.updateExportDeclaration(
            statement,
            statement.modifiers,
            statement.isTypeOnly,
            statement.exportClause,
            rewrite(specifier),
            statement.attributes,
          ),
        );
      }
    }
    return factory.updateSourceFile(sourceFile, statements);
  };
}

const config = ts.getParsedCommandLineOfConfigFile(
  DECLARATION_CONFIG,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  },
);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const emitted = program.emit(undefined, undefined, undefined, true, {
  afterDeclarations: [rewriteDeclarations],
});
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (diagnostics.length > 0) {
  console.error(
    ts.formatDiagnosticsWithColorAndContext(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: ts.sys.getCurrentDirectory,
      getNewLine: () => "\n",
    }),
  );
  process.exit(1);
}
if (unresolved.length > 0) {
  console.error(
    `declarations: relative imports with no source file:\n  ${unresolved.join("\n  ")}`,
  );
  process.exit(1);
}
writeFileSync(
  STYLE_DECLARATION,
  "// The kit's style sheet: imported for its side effect.\nexport {};\n",
);
console.log(`declarations: ${config.fileNames.length} modules, specifiers with .js extensions`);
