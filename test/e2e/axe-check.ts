import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe-core on the page; throws with each violation when there is any. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  })) as AxeViolation[];
  if (violations.length === 0) return;
  const lines = violations.map(
    (violation) =>
      `  ${violation.id} (${violation.impact ?? "?"}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  throw new Error(
    `axe: ${violations.length} violation(s) in state "${state}":\n${lines.join("\n")}`,
  );
}
