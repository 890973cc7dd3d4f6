import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The README's MCP forms example, its URL control and its OAuth provider, as one host saves them:
// side by side, with the page the README names, type-checked together as `test:consumer` checks
// them (strict, bundler resolution), `ask-user-kit/*` read from src/.
const ROOT = resolve(import.meta.dirname, "../..");
const FOLDER = join(ROOT, "test", "readme", "mcp-host");
const FILES = ["mcp-forms.tsx", "mcp-url.tsx", "mcp-oauth.ts"];

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

/** The README block whose first line is `// <file>`, as the host saves it. */
function block(file: string): string {
  const fence = file.endsWith(".tsx") ? "tsx" : "ts";
  const blocks = [...readme.matchAll(/^```(tsx?)\n(\/\/ ([\w.-]+)\n[\s\S]*?)^```$/gm)];
  const found = blocks.filter(([, kind, , name]) => kind === fence && name === file);
  if (found.length !== 1) throw new Error(`README has ${found.length} blocks named ${file}`);
  return found[0]?.[2] ?? "";
}

/** The page the README composes of them (`<Forms><ConfirmPayment … /></Forms>`). */
function page(): string {
  const jsx = /on the page `(<Forms>[^`]*<\/Forms>)`/.exec(readme)?.[1];
  if (jsx === undefined) throw new Error("README names no page of <Forms> and <ConfirmPayment>");
  return [
    'import { createRoot } from "react-dom/client";',
    'import { Forms } from "./mcp-forms";',
    'import { ConfirmPayment } from "./mcp-url";',
    "",
    `createRoot(document.body).render(${jsx});`,
    "",
  ].join("\n");
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  baseUrl: ROOT,
  paths: {
    "ask-user-kit/composer": ["src/composer.ts"],
    "ask-user-kit/mcp": ["src/mcp/index.ts"],
  },
};

let previous: ts.Program | undefined;

/** Type-checks `files` (name to text, in FOLDER, never written) and returns their errors. */
function typeErrors(files: Map<string, string>): string[] {
  const virtual = new Map([...files].map(([name, text]) => [join(FOLDER, name), text]));
  const host = ts.createCompilerHost(OPTIONS);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  host.directoryExists = (name) => name === FOLDER || (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, language, onError, create) => {
    const text = virtual.get(name);
    return text === undefined
      ? getSourceFile(name, language, onError, create)
      : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram([...virtual.keys()], OPTIONS, host, previous);
  previous = program;
  // Only the saved files are checked; the kit's own sources are checked by the project's tsc.
  const checked = [...virtual.keys()].map((name) => program.getSourceFile(name));
  return [
    ...program.getOptionsDiagnostics(),
    ...checked.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ].map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const where = diagnostic.file?.fileName.slice(FOLDER.length + 1) ?? "";
    const line =
      diagnostic.file === undefined || diagnostic.start === undefined
        ? 0
        : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
    return `${where}:${line} TS${diagnostic.code} ${text}`;
  });
}

describe("given the README's MCP forms, URL and OAuth examples saved side by side", () => {
  it("should type-check together, with the page the README composes of them", () => {
    const files = new Map(FILES.map((file) => [file, block(file)]));
    files.set("page.tsx", page());
    expect(typeErrors(files)).toEqual([]);
  }, 60_000);

  it("should fail when the URL example is the snippet the README used to show", () => {
    const files = new Map(FILES.map((file) => [file, block(file)]));
    // The snippet as it was: a second source, with a callback of the wrong type and no cart id.
    files.set(
      "mcp-url.tsx",
      [
        'import { createMcpQuestionSource } from "ask-user-kit/mcp";',
        'import { client } from "./mcp-forms";',
        "const showRefusal = (_text: string) => {};",
        "export async function pay() {",
        "  const source = createMcpQuestionSource(client, { url: true, onRefused: showRefusal });",
        "  try {",
        '    await client.callTool({ name: "payment-confirm", arguments: { cartId } });',
        "  } catch (error) {",
        "    if (!source.showUrlElicitationError(error)) throw error;",
        "  }",
        "}",
        "export const ConfirmPayment = (_props: { cartId: string }) => null;",
      ].join("\n"),
    );
    files.set("page.tsx", page());
    const errors = typeErrors(files).join("\n");
    expect(errors).toContain("TS2322");
    expect(errors).toMatch(/TS18004 No value exists in scope for the shorthand property 'cartId'/);
  }, 60_000);
});
