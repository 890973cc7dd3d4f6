import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";
import { questionPanel } from "../../src/react/question-panel";

// The composer dock loads its question panel with import() as it mounts; in a page that chunk is
// there long before a question arrives. Loaded here, so each test starts from that state (the
// loading and failure paths have tests of their own).
await questionPanel.load();

// React reports mistakes (missing keys, updates outside act, invalid nesting) via console.error;
// a component test that triggers one fails, unless it stubs console.error itself on purpose.
let consoleErrors: unknown[][] = [];
let consoleErrorSpy: MockInstance<typeof console.error> | null = null;
beforeEach(() => {
  consoleErrors = [];
  consoleErrorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  consoleErrorSpy?.mockRestore();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(" ").slice(0, 500);
    throw new Error(`console.error was called ${consoleErrors.length} time(s); first: ${first}`);
  }
});
