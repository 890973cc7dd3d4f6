import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import pixelmatch from "pixelmatch";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { expectNoAxeViolations } from "../e2e/axe-check";

/** Roles a user operates: each must have a name a screen reader can say. */
const CONTROL_ROLES = [
  "button",
  "link",
  "radio",
  "checkbox",
  "switch",
  "textbox",
  "searchbox",
  "combobox",
  "spinbutton",
  "slider",
  "tab",
  "option",
  "menuitem",
];
/** A line of Playwright's aria snapshot for a control with no name: `- button [disabled]`. */
const UNNAMED = new RegExp(`^\\s*- (${CONTROL_ROLES.join("|")})(?=$|[\\s:\\[])(?! ["/])`);

/** Throws with each visible control of the page that has no accessible name. */
export async function expectEveryControlNamed(page: Page): Promise<void> {
  const snapshot = await page.locator("body").ariaSnapshot();
  const unnamed = snapshot.split("\n").filter((line) => UNNAMED.test(line));
  if (unnamed.length > 0)
    throw new Error(
      `controls with no accessible name:\n${unnamed.map((line) => `  ${line.trim()}`).join("\n")}`,
    );
}

/** Lists what reaches past the viewport (run in the page). */
const OVERFLOW_SCRIPT = `(() => {
  const found = [];
  const { scrollWidth, clientWidth } = document.documentElement;
  if (scrollWidth > clientWidth)
    found.push("the document scrolls sideways: scrollWidth " + scrollWidth + " > clientWidth " + clientWidth);
  for (const element of document.querySelectorAll('[class*="ask-"]')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || element.closest(".ask-visually-hidden") !== null) continue;
    const name = "<" + element.tagName.toLowerCase() + ' class="' + (element.getAttribute("class") ?? "") + '"> ' +
      JSON.stringify((element.textContent ?? "").trim().slice(0, 40));
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
      found.push(name + " spans " + Math.round(box.left) + ".." + Math.round(box.right) + " px of a " + window.innerWidth + " px viewport");
    else if (
      !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      element.scrollWidth > element.clientWidth + 1 &&
      getComputedStyle(element).overflowX !== "visible"
    )
      found.push(name + " cuts its content off: " + element.scrollWidth + " px in " + element.clientWidth + " px");
  }
  return found;
})()`;

/**
 * Throws when the page scrolls sideways, or an element of the kit reaches past the viewport's
 * edges or hides content it cuts off sideways (a field's own text excepted: it scrolls by design).
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  // A string, not a function: the run's TypeScript transform would add helpers the page lacks.
  const problems = (await page.evaluate(OVERFLOW_SCRIPT)) as string[];
  if (problems.length > 0)
    throw new Error(`horizontal overflow:\n${problems.map((line) => `  ${line}`).join("\n")}`);
}

/**
 * Lists each scrolling question body whose edge shades say something untrue (run in the page):
 * content hidden below with no shade at the bottom, a shade at the top with nothing above, or a
 * shade where nothing scrolls. Screenshots turn animations off, and the shades are scroll-driven
 * animations, so no baseline shows them: this reads them as the page has them.
 */
const SHADES_SCRIPT = `(() => {
  const found = [];
  for (const body of document.querySelectorAll(".ask-dock__body, .ask-card__body")) {
    if (body.closest(".ask-warm-up") !== null || !body.checkVisibility()) continue;
    const shade = (edge) => Number(getComputedStyle(body, edge).opacity);
    const hiddenBelow = body.scrollHeight - body.clientHeight - body.scrollTop;
    const top = shade("::before");
    const bottom = shade("::after");
    const name = "<" + body.tagName.toLowerCase() + ' class="' + body.className + '"> ' +
      "(scrolls " + (body.scrollHeight - body.clientHeight) + " px, at " + Math.round(body.scrollTop) + ")";
    if (hiddenBelow > 8 && bottom < 0.5) found.push(name + ": content hidden below, but no shade at the bottom");
    if (hiddenBelow <= 1 && bottom > 0.5) found.push(name + ": a bottom shade with nothing hidden below");
    if (body.scrollTop <= 1 && top > 0.5) found.push(name + ": a top shade with nothing above");
  }
  return found;
})()`;

/** Throws when a question body's scroll shades do not match what is hidden above or below. */
export async function expectTrueScrollShades(page: Page): Promise<void> {
  const problems = (await page.evaluate(SHADES_SCRIPT)) as string[];
  if (problems.length > 0)
    throw new Error(`scroll shades:\n${problems.map((line) => `  ${line}`).join("\n")}`);
}

export { expectNoAxeViolations };

/**
 * Pixels that may differ from the baseline (anti-aliasing). Few: a label emptied or a word
 * changed on a 1280 x 800 page is a few hundred pixels, under any share of the page worth having.
 */
export const MAX_DIFF_PIXELS = 40;
/** pixelmatch's per-pixel colour tolerance (0 to 1). */
const PIXEL_THRESHOLD = 0.1;

/** What the comparison found; `diff` is where its image was written when it failed. */
export type Comparison = { kind: "same" | "approved" | "new" | "changed"; note: string };

/**
 * Compares `actual` with the approved PNG at `baseline`. With `approve` it writes the baseline
 * instead (when it is missing or differs). Without, a missing baseline or a change beyond
 * MAX_DIFF_PIXELS throws, with the actual and diff images written beside `diffBase`.
 */
export function compareWithBaseline(
  actual: Buffer,
  baseline: string,
  diffBase: string,
  approve: boolean,
): Comparison {
  const exists = existsSync(baseline);
  const differs = exists ? difference(readFileSync(baseline), actual) : null;
  if (approve) {
    if (exists && differs !== null && differs.pixels <= MAX_DIFF_PIXELS)
      return { kind: "same", note: differs.note };
    mkdirSync(dirname(baseline), { recursive: true });
    writeFileSync(baseline, actual);
    return { kind: "approved", note: exists ? `updated (${differs?.note})` : "written" };
  }
  mkdirSync(dirname(diffBase), { recursive: true });
  if (!exists || differs === null) {
    writeFileSync(`${diffBase}.actual.png`, actual);
    throw new Error(
      `no approved baseline ${baseline}: see ${diffBase}.actual.png, approve with npm run test:surfaces -- --approve`,
    );
  }
  if (differs.pixels > MAX_DIFF_PIXELS) {
    writeFileSync(`${diffBase}.actual.png`, actual);
    if (differs.image !== null) writeFileSync(`${diffBase}.diff.png`, differs.image);
    throw new Error(
      `screenshot differs from ${baseline}: ${differs.note}; diff ${diffBase}.diff.png, actual ${diffBase}.actual.png`,
    );
  }
  return { kind: "same", note: differs.note };
}

function difference(
  expectedBytes: Buffer,
  actualBytes: Buffer,
): { pixels: number; note: string; image: Buffer | null } {
  const expected = PNG.sync.read(expectedBytes);
  const actual = PNG.sync.read(actualBytes);
  if (expected.width !== actual.width || expected.height !== actual.height)
    return {
      pixels: Number.POSITIVE_INFINITY,
      note: `size ${actual.width}x${actual.height}, baseline ${expected.width}x${expected.height}`,
      image: null,
    };
  const diff = new PNG({ width: actual.width, height: actual.height });
  const pixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  return {
    pixels,
    note: `${pixels} px differ (limit ${MAX_DIFF_PIXELS})`,
    image: PNG.sync.write(diff),
  };
}
