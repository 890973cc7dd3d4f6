// A part loaded with import() that failed must load on Try again, also in a browser that keeps a
// failed import's outcome for the page's life (Chromium before 15x fails an import() of the same
// URL again without fetching it): the second load asks for the URL the failure named under a URL
// of its own.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { lazyModule } from "../../src/store/lazy-module";

type Part = { answer: number };

async function moduleFile(): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), "lazy-module-")), "part.mjs");
  await writeFile(file, "export const answer = 42;\n");
  return pathToFileURL(file).href;
}

describe("a lazily loaded part whose import failed", () => {
  it("loads on the next try from the URL the failure named, made into the part once", async () => {
    const url = await moduleFile();
    let imports = 0;
    const part = lazyModule(
      (): Promise<Part> => {
        imports += 1;
        // What the browser keeps answering for that URL once it failed.
        return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
      },
      (module) => ({ doubled: module.answer * 2 }),
    );
    await expect(part.load()).rejects.toThrow(/Failed to fetch/);
    expect(part.loaded()).toBeNull();
    await expect(part.load()).resolves.toEqual({ doubled: 84 });
    expect(imports).toBe(1);
    expect(part.loaded()).toEqual({ doubled: 84 });
  });

  it("asks the bundler's import again when the failure names no URL (Safari)", async () => {
    let failing = true;
    const part = lazyModule(async (): Promise<Part> => {
      if (failing) throw new TypeError("Importing a module script failed.");
      return { answer: 1 };
    });
    await expect(part.load()).rejects.toThrow(/Importing a module script failed/);
    failing = false;
    await expect(part.load()).resolves.toEqual({ answer: 1 });
  });
});
