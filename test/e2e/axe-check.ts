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

/**
 * Runs axe-core on the page (or only inside `within`, a selector, for a host page whose own
 * markup is not ours to judge); throws with each violation when there is any.
 */
export async function expectNoAxeViolations(
  page: Page,
  state: string,
  within?: string,
): Promise<void> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document | Element, options: unknown): Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    const context = selector === null ? document : document.querySelector(selector);
    if (context === null) throw new Error(`axe: nothing matches ${selector}`);
    const result = await axe.run(context, { resultTypes: ["violations"] });
    return result.violations;
  }, within ?? null)) as AxeViolation[];
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
