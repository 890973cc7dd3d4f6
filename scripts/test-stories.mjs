// Runs every story in real Chromium: waits for render and play function, then axe-core (0 violations each);
// stories tagged "narrow-layout" also get the layout check of narrow-layout.mjs at a phone's width.
import { spawnSync } from "node:child_process";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { launchChromium } from "../test/support/chromium.ts";
import { checkNarrowLayout, NARROW_LAYOUT_TAG, NARROW_VIEWPORT } from "./narrow-layout.mjs";

const STATIC_DIR = "storybook-static";
// A story's render and play function, from the page's load event. CI runs this lane beside
// package installs and builds (load average 8 on two cores), where 15 s was once too short.
const STORY_TIMEOUT_MS = 30_000;
// A page's first load compiles the preview's bundles; it is waited for once per page, apart.
const PREVIEW_START_TIMEOUT_MS = 120_000;
const POLL_INTERVAL_MS = 50;
const CONTENT_TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npx", ["storybook", "build", "-o", STATIC_DIR, "--quiet"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
  let file = join(STATIC_DIR, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
  if (!file.startsWith(STATIC_DIR) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
  });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const index = JSON.parse(readFileSync(join(STATIC_DIR, "index.json"), "utf8"));
const stories = Object.values(index.entries).filter((entry) => entry.type === "story");
const axeSource = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

const browser = await launchChromium();
// Stories run on a few pages at once: a story mostly waits (its render, its play function), so
// one page at a time left the machine idle most of the run.
const PAGES = Math.max(1, Number(process.env.STORIES_PAGES ?? 3));

/** A page that records the preview's verdicts and its own errors, for one story at a time. */
async function openStoryPage() {
  const page = await browser.newPage();
  // Record the preview's own verdicts (play function failures, render errors) as soon as its channel exists.
  await page.addInitScript(() => {
    const events = [
      "storyFinished",
      "playFunctionThrewException",
      "storyErrored",
      "storyThrewException",
    ];
    window.__storyEvents = [];
    let channel;
    Object.defineProperty(window, "__STORYBOOK_ADDONS_CHANNEL__", {
      configurable: true,
      get: () => channel,
      set: (next) => {
        channel = next;
        for (const name of events) {
          next.on(name, (payload) => {
            const detail = payload?.message ?? payload?.description ?? payload?.status ?? "";
            window.__storyEvents.push({
              name,
              detail: String(detail),
              status: payload?.status ?? null,
            });
          });
        }
      },
    });
  });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // React reports mistakes such as missing keys or invalid DOM nesting through console.error.
  page.on("console", (message) => {
    // The browser asks for /favicon.ico on its own; the static Storybook build has none.
    if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico"))
      errors.push(`console: ${message.text().slice(0, 300)} (${message.location().url})`);
  });
  return { page, errors, defaultViewport: page.viewportSize() };
}

/** Opens `story` in `page` and waits until the preview says how it ended. */
async function showStory(page, story, timeout) {
  await page.goto(`${origin}/iframe.html?id=${story.id}&viewMode=story`, { timeout });
  await page.waitForFunction(
    () =>
      window.__storyEvents.some((event) =>
        ["storyFinished", "storyErrored", "storyThrewException"].includes(event.name),
      ),
    undefined,
    { timeout, polling: POLL_INTERVAL_MS },
  );
}

/**
 * Loads the preview once in each page, one page at a time, so the stories' own time limit
 * measures a story and not the preview's first compile beside the other pages' (CI once failed
 * the first two stories so, at load average 8). Its verdict is not a story's: each story runs again.
 */
async function warmPreview(slots) {
  const started = Date.now();
  for (const slot of slots) {
    await showStory(slot.page, stories[0], PREVIEW_START_TIMEOUT_MS);
  }
  console.log(
    `preview loaded in ${slots.length} pages (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/** Runs one story on `slot`'s page; returns its report lines and whether it passed. */
async function runStory(slot, story) {
  const { page, errors, defaultViewport } = slot;
  const storyStarted = Date.now();
  errors.length = 0;
  const problems = [];
  const narrow = story.tags?.includes(NARROW_LAYOUT_TAG) === true;
  let layoutNote = "";
  try {
    const viewport = narrow ? NARROW_VIEWPORT : defaultViewport;
    if (viewport !== null) await page.setViewportSize(viewport);
    await showStory(page, story, STORY_TIMEOUT_MS);
    const events = await page.evaluate(() => window.__storyEvents);
    for (const event of events) {
      if (event.name === "storyFinished" && event.status !== "success")
        problems.push(`finished with status ${event.status}`);
      if (event.name !== "storyFinished")
        problems.push(`${event.name}: ${event.detail.slice(0, 300)}`);
    }
    const errorText = await page.evaluate(() => {
      const error = document.querySelector("#error-stack, .sb-errordisplay_main");
      return document.body.classList.contains("sb-show-errordisplay")
        ? (error?.textContent ?? "error")
        : "";
    });
    if (errorText) problems.push(errorText.slice(0, 300));
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const results = await window.axe.run(document);
      return results.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 3),
      }));
    });
    for (const violation of violations) {
      problems.push(`axe ${violation.id}: ${violation.help} (${violation.targets.join(", ")})`);
    }
    if (narrow) {
      const layout = await checkNarrowLayout(page);
      layoutNote = ` (${layout.pageWidth} px wide at ${NARROW_VIEWPORT.width} px)`;
      problems.push(...layout.problems);
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message.split("\n")[0] : String(error));
  }
  problems.push(...errors.map((message) => `page error: ${message}`));
  const took = ` (${((Date.now() - storyStarted) / 1000).toFixed(1)} s)`;
  const passed = problems.length === 0;
  const lines = [`${passed ? "PASS" : "FAIL"} ${story.id}${layoutNote}${took}`];
  for (const problem of problems) lines.push(`     ${problem}`);
  return { passed, lines };
}

const slots = await Promise.all(Array.from({ length: PAGES }, openStoryPage));
await warmPreview(slots);
const reports = new Array(stories.length);
let nextStory = 0;
let printed = 0;
/** Prints the reports that are ready, in the stories' order. */
const printReady = () => {
  while (printed < stories.length && reports[printed] !== undefined) {
    for (const line of reports[printed].lines) console.log(line);
    printed += 1;
  }
};
await Promise.all(
  slots.map(async (slot) => {
    while (nextStory < stories.length) {
      const index = nextStory;
      nextStory += 1;
      reports[index] = await runStory(slot, stories[index]);
      printReady();
    }
  }),
);
const failed = reports.filter((report) => !report.passed).length;

await browser.close();
server.close();
const narrowCount = stories.filter((story) => story.tags?.includes(NARROW_LAYOUT_TAG)).length;
console.log(
  `\n${stories.length - failed} passed, ${failed} failed (${stories.length} stories, axe-core 0 violations required; ${narrowCount} checked at ${NARROW_VIEWPORT.width} px)`,
);
process.exit(failed === 0 ? 0 : 1);
