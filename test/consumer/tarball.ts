import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One file as `npm pack --json` lists it. */
export type PackedFile = { path: string; size: number };

type Target = string | { [condition: string]: Target };
type PackageManifest = {
  main: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, Target>;
  scripts?: Record<string, string>;
};

/** Scripts npm would run in a host's install; the package must have none. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];
/** Relative links of the README (images, ARCHITECTURE.md); external and anchor links excluded. */
const RELATIVE_LINK = /\]\((?!https?:|#|mailto:)([^)\s]+)\)/g;
const REQUIRED = ["LICENSE", "README.md", "package.json"];
const REPOSITORY_ONLY = /^(?:src|scripts|stories|\.ci|\.storybook|node_modules)\//;
const BYTES_PER_KB = 1024;

function targetsOf(target: Target): string[] {
  return typeof target === "string" ? [target] : Object.values(target).flatMap(targetsOf);
}

/** Every file the manifest points at, with wildcard targets matched against the packed files. */
function manifestTargets(manifest: PackageManifest, packed: Set<string>): string[] {
  const paths = [manifest.main, manifest.types, ...Object.values(manifest.bin)];
  for (const target of Object.values(manifest.exports).flatMap(targetsOf)) {
    const path = target.replace(/^\.\//, "");
    if (!path.includes("*")) {
      paths.push(path);
      continue;
    }
    const [prefix = "", suffix = ""] = path.split("*");
    const matches = [...packed].filter((file) => file.startsWith(prefix) && file.endsWith(suffix));
    paths.push(matches[0] ?? path);
  }
  return paths.map((path) => path.replace(/^\.\//, ""));
}

/**
 * Throws unless the packed file list has the license, the README's linked files and every file
 * the manifest points at, and nothing that only the repository needs; returns a summary line.
 */
export function checkTarball(root: string, files: PackedFile[]): string {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageManifest;
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const packed = new Set(files.map((file) => file.path));
  const linked = [...readme.matchAll(RELATIVE_LINK)].map((match) => match[1] ?? "");
  const problems = [
    ...[...REQUIRED, ...linked, ...manifestTargets(manifest, packed)]
      .filter((path) => !packed.has(path))
      .map((path) => `missing ${path}`),
    ...[...packed].filter((path) => REPOSITORY_ONLY.test(path)).map((path) => `ships ${path}`),
    ...INSTALL_SCRIPTS.filter((name) => manifest.scripts?.[name] !== undefined).map(
      (name) => `runs a "${name}" script in the host's install`,
    ),
  ];
  for (const bin of Object.values(manifest.bin)) {
    if (!readFileSync(join(root, bin), "utf8").startsWith("#!/usr/bin/env node\n"))
      problems.push(`${bin} does not start with a node shebang`);
  }
  if (problems.length > 0) throw new Error(`  ${problems.join("\n  ")}`);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return `${files.length} files, ${(bytes / BYTES_PER_KB).toFixed(0)} KB unpacked, ${linked.length} README links`;
}
