import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv, run } from "../consumer/processes";
import { checkTarball, type PackedFile } from "../consumer/tarball";

const TEMPLATE = join(import.meta.dirname, "app");

/**
 * What the hosts install beside the kit, from the README's install lines: each at the repository's
 * own pinned version, so two runs render the same pixels (`ws` for the mock gateway in Node).
 */
const PEERS = [
  "react",
  "react-dom",
  "zustand",
  "@radix-ui/react-radio-group",
  "@radix-ui/react-checkbox",
  "ai",
  "@ai-sdk/react",
  "@modelcontextprotocol/sdk",
  "@langchain/core",
  "@ag-ui/client",
  "ws",
];
const DEV = ["vite", "@vitejs/plugin-react", "@types/react", "@types/react-dom"];

type Manifest = { devDependencies: Record<string, string> };

async function succeed(command: string, args: string[], cwd: string): Promise<string> {
  const { code, output } = await run(command, args, { cwd, env: cleanEnv() });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  return output;
}

/** `npm pack` of the built repository into `scratch`; the tarball's path. */
export async function packKit(root: string, scratch: string): Promise<string> {
  const output = await succeed(
    "npm",
    ["pack", "--json", "--pack-destination", scratch, "--loglevel=error"],
    root,
  );
  const [packed] = JSON.parse(output) as Array<{ filename: string; files: PackedFile[] }>;
  if (packed === undefined) throw new Error("npm pack reported no tarball");
  checkTarball(root, packed.files);
  return join(scratch, packed.filename);
}

/**
 * A throwaway app outside the repository with the tarball and the pinned peers installed (from
 * npm's cache when it has them), the host pages type-checked against the packed types, and built.
 * Returns the app's folder; its built pages are in dist/.
 */
export async function buildSurfacesApp(
  root: string,
  tarball: string,
  scratch: string,
): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;
  const pinned = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => {
        const version = manifest.devDependencies[name];
        if (version === undefined) throw new Error(`${name} is not a devDependency of the repo`);
        return [name, version];
      }),
    );
  const app = join(scratch, "app");
  mkdirSync(app, { recursive: true });
  cpSync(TEMPLATE, app, { recursive: true });
  if (process.env.SURFACES_DEV_REUSE === "1" && existsSync(join(app, "node_modules"))) {
    await succeed(join(app, "node_modules", ".bin", "vite"), ["build"], app);
    return app;
  }
  writeFileSync(
    join(app, "package.json"),
    `${JSON.stringify(
      {
        name: "ask-user-kit-surfaces",
        private: true,
        type: "module",
        dependencies: { "ask-user-kit": `file:${tarball}`, ...pinned(PEERS) },
        devDependencies: pinned(DEV),
      },
      null,
      2,
    )}\n`,
  );
  const flags = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
  await succeed("npm", ["install", ...flags], app);
  const tsc = join(root, "node_modules", ".bin", "tsc");
  const vite = join(app, "node_modules", ".bin", "vite");
  await Promise.all([succeed(tsc, ["-p", "tsconfig.json"], app), succeed(vite, ["build"], app)]);
  return app;
}
