// A part loaded with import() that failed must load on Try again. A browser that keeps a failed
// import's outcome for the page's life (Chromium 150) is covered in a real browser, where the page
// asks for the failed URL again under one of its own: `test:e2e` (panel-load-failure,
// storage-load-failure) and `test:mcp` (a form whose reader cannot load). Node's test runner has
// no import() outside the bundler's sight, so here only the bundler's own import is asked again.
import { describe, expect, it } from "vitest";
import { lazyModule } from "../../src/store/lazy-module";

describe("a lazily loaded part whose import failed", () => {
  it("asks the bundler's import again when the failure names no URL (Safari), made into the part once", async () => {
    let failing = true;
    let made = 0;
    const part = lazyModule(
      async () => {
        if (failing) throw new TypeError("Importing a module script failed.");
        return { answer: 21 };
      },
      (module) => {
        made += 1;
        return { doubled: module.answer * 2 };
      },
    );
    await expect(part.load()).rejects.toThrow(/Importing a module script failed/);
    expect(part.loaded()).toBeNull();
    failing = false;
    await expect(part.load()).resolves.toEqual({ doubled: 42 });
    await expect(part.load()).resolves.toEqual({ doubled: 42 });
    expect(made).toBe(1);
    expect(part.loaded()).toEqual({ doubled: 42 });
  });
});
