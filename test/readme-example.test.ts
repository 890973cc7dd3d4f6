import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// test/readme/embed-example.tsx is type-checked with the project (`ask-user-kit` maps to
// src/index.ts in tsconfig.json); this keeps the README's embedding example identical to it.
const HOST_SUPPLIED = "\n// What the host supplies in the README's example.\n";

describe("given the README's embedding example", () => {
  it("should be the type-checked example file, to the character", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("./readme/embed-example.tsx", import.meta.url), "utf8");
    const block = /```tsx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(example.slice(0, example.indexOf(HOST_SUPPLIED)));
  });
});
