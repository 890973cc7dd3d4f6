/**
 * The browser part of `npm run bench`: the demo page's production build, with the embedded mock
 * gateway, in Chromium; each round asks the demo agent's one-question scenario on the page's
 * session and traces the page from the question's frame to the first paint that shows the dock
 * (see show-trace.ts for how each figure is derived). After each round, a question for another
 * session, which the page shows nothing for, gives the page's floor. Figures are printed, never
 * asserted.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import type { ScenarioName } from "../../src/demo/shared/scenarios";
import { launchChromium } from "../../test/support/chromium";
import { type RunningDemo, startDemo } from "../demo/start-demo";
import { type Stats, stats } from "./control-ui-pages";
import {
  analyzeFloor,
  analyzeShow,
  type CallSite,
  createSourceLocator,
  recordTrace,
  type ScriptTask,
  SHOW_TRACE_INIT_SOURCE,
  type SourceLocator,
  saveTrace,
  type Trace,
  type WindowFigures,
  type WindowResult,
} from "./show-trace";

const WARM_UP_ROUNDS = 2;
const MEASURED_ROUNDS = 11;
const VIEWPORT = { width: 1280, height: 860 };
const SCENARIO: ScenarioName = "single";
const ANSWER = /Production/;
const PAGE_SESSION = "agent:main:bench-show";
const OTHER_SESSION = "agent:main:bench-elsewhere";
const DOCK = ".ask-composer-dock .ask-dock, .ask-composer-dock .ask-card";
/**
 * Where the pointer rests: the page header's empty middle. Over the chat thread, the thread's
 * growth moves other elements under it, and the rendering frame that paints the dock then
 * dispatches pointerover/pointerout to React's listeners: work of the pointer's place, not the dock's.
 */
const POINTER_REST = { x: 480, y: 24 };
const LOAD_TIMEOUT_MS = 60_000;
const SHOW_TIMEOUT_MS = 10_000;
const GONE_TIMEOUT_MS = 10_000;
/** Before the page opens its first round: its panel chunk and first renders settle. */
const SETTLE_MS = 1500;
/** Before each trace: the previous round's trailing work (the turn log's updates) has run. */
const QUIET_MS = 600;
/** After the question is asked: the dock shows and paints well within it. */
const SHOW_WAIT_MS = 600;
/** After a question for another session: longer than the floor's cap in show-trace.ts. */
const FLOOR_WAIT_MS = 1200;
const STACK_FRAMES_SHOWN = 3;
const CALLS_SHOWN = 5;
const INDENT = "\n      ";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (line: string) => console.error(`[browser] ${line}`);

type Rounds = { shows: WindowFigures[]; floors: WindowFigures[]; failures: string[] };
/** What every round works with. */
type Rig = { demo: RunningDemo; page: Page; cdp: CDPSession };

async function askScenario(demo: RunningDemo, sessionKey: string): Promise<string> {
  const response = await fetch(new URL("/agent/scenario", demo.pageUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: SCENARIO, sessionKey }),
  });
  if (!response.ok) throw new Error(`scenario: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  return id;
}

async function openPage(context: BrowserContext, demo: RunningDemo): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(SHOW_TRACE_INIT_SOURCE);
  await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(PAGE_SESSION)}`);
  await page.getByText("Connected", { exact: true }).waitFor({ timeout: LOAD_TIMEOUT_MS });
  return page;
}

async function cancel(demo: RunningDemo, id: string): Promise<void> {
  await demo.api.cancel(id, { resolvedBy: "bench" }).catch(() => undefined);
}

const isDocked = async (page: Page) => (await page.locator(DOCK).count()) > 0;

/** Picks the answer and submits it, as a user would; resolves once the composer is back. */
async function answerInPage(page: Page): Promise<void> {
  const dock = page.locator(DOCK).first();
  await dock.getByRole("radio", { name: ANSWER }).click();
  await dock.getByRole("button", { name: "Submit" }).click();
  await dock.waitFor({ state: "detached", timeout: GONE_TIMEOUT_MS });
  await page.mouse.move(POINTER_REST.x, POINTER_REST.y);
}

/** Keeps each round's trace where `ASK_BENCH_TRACES` says, for DevTools' Performance panel. */
async function keep(trace: Trace, name: string): Promise<void> {
  const folder = process.env.ASK_BENCH_TRACES;
  if (folder === undefined || folder === "") return;
  await mkdir(folder, { recursive: true });
  await saveTrace(trace, join(folder, `${name}.json`));
}

/** Asks on the page's session; the trace runs until just after the dock painted. */
async function showRound(rig: Rig, name: string): Promise<WindowResult> {
  const { demo, page, cdp } = rig;
  if (await isDocked(page)) throw new Error("a dock was still shown before the round");
  await sleep(QUIET_MS);
  const asked: { id: string | null } = { id: null };
  const trace = await recordTrace(cdp, async () => {
    // Armed before the question is asked: an evaluate sent meanwhile would queue behind the frame.
    await page.evaluate(`window.__askShowTrace.arm(${JSON.stringify(DOCK)}, ${SHOW_TIMEOUT_MS})`);
    asked.id = await askScenario(demo, PAGE_SESSION);
    // No call to the page until the dock has painted: DevTools messages run as page tasks too.
    await sleep(SHOW_WAIT_MS);
    if (!(await page.evaluate<boolean>("window.__askShowTrace.shown"))) {
      throw new Error("the dock did not show");
    }
  }).catch(async (error: unknown) => {
    if (asked.id !== null) await cancel(demo, asked.id);
    throw error;
  });
  await keep(trace, `${name}-show`);
  await answerInPage(page).catch(async (error: unknown) => {
    // Left docked, the question would fail every round after this one.
    if (asked.id !== null) await cancel(demo, asked.id);
    await page.locator(DOCK).waitFor({ state: "detached", timeout: GONE_TIMEOUT_MS });
    throw error;
  });
  return analyzeShow(trace.events);
}

/** Asks on another session, which the page shows nothing for; then cancels that question. */
async function floorRound(rig: Rig, name: string): Promise<WindowResult> {
  const { demo, page, cdp } = rig;
  await sleep(QUIET_MS);
  const asked: { id: string | null } = { id: null };
  try {
    const trace = await recordTrace(cdp, async () => {
      asked.id = await askScenario(demo, OTHER_SESSION);
      await sleep(FLOOR_WAIT_MS);
    });
    await keep(trace, `${name}-floor`);
    if (await isDocked(page)) throw new Error("the page docked another session's question");
    return analyzeFloor(trace.events);
  } finally {
    if (asked.id !== null) await cancel(demo, asked.id);
  }
}

/** Runs one round; a failure is noted and the rounds go on. */
async function measured(
  label: string,
  round: () => Promise<WindowResult>,
  failures: string[],
): Promise<WindowFigures | null> {
  try {
    const result = await round();
    if (result.ok) return result.figures;
    failures.push(`${label}: ${result.reason}`);
  } catch (error) {
    failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return null;
}

function extraParts(figures: WindowFigures): string[] {
  const extra = figures.tasks.filter((task) => !task.receivedFrame);
  return extra.length === 0
    ? []
    : [
        `extra: ${extra.map((task) => `[+${task.offsetMs.toFixed(1)} ms: ${task.parts.join(", ")}]`).join(" ")}`,
      ];
}

function roundLine(label: string, show: WindowFigures | null, floor: WindowFigures | null): string {
  const shown =
    show === null
      ? "failed (see below)"
      : [
          `tasks ${show.tasks.length}`,
          `forced layouts ${show.forcedLayouts.length}`,
          `frame->paint ${show.lengthMs.toFixed(1)} ms`,
          `script ${show.scriptMs.toFixed(1)} ms`,
          ...extraParts(show),
        ].join(", ");
  const floorText =
    floor === null
      ? "floor failed"
      : `floor: tasks ${floor.tasks.length}, script ${floor.scriptMs.toFixed(1)} ms`;
  return `  ${label.padEnd(19)} ${shown}; ${floorText}`;
}

async function runRounds(rig: Rig): Promise<Rounds> {
  const rounds: Rounds = { shows: [], floors: [], failures: [] };
  for (let round = 1; round <= WARM_UP_ROUNDS + MEASURED_ROUNDS; round += 1) {
    const warmUp = round <= WARM_UP_ROUNDS;
    const label = `round ${round}${warmUp ? " (warm-up)" : ""}`;
    const name = `round-${String(round).padStart(2, "0")}`;
    const show = await measured(label, () => showRound(rig, name), rounds.failures);
    const floor = await measured(`${label}, floor`, () => floorRound(rig, name), rounds.failures);
    console.log(roundLine(label, show, floor));
    if (warmUp) continue;
    if (show !== null) rounds.shows.push(show);
    if (floor !== null) rounds.floors.push(floor);
  }
  return rounds;
}

const figure = (value: number, digits: number) =>
  Number.isNaN(value) ? "-" : value.toFixed(digits);
const cell = ({ median, min, max }: Stats, digits: number) =>
  `${figure(median, digits)} (${figure(min, digits)}-${figure(max, digits)})`;

const LABEL_WIDTH = 44;
const CELL_WIDTH = 26;

function endings(rounds: WindowFigures[]): string {
  const counts = new Map<string, number>();
  for (const figures of rounds) counts.set(figures.end, (counts.get(figures.end) ?? 0) + 1);
  return [...counts].map(([end, count]) => `${end} ${count}`).join(", ");
}

function table(rounds: Rounds): string[] {
  const row = (label: string, read: (figures: WindowFigures) => number, digits: number) =>
    `  ${label.padEnd(LABEL_WIDTH)}${cell(stats(rounds.shows.map(read)), digits).padEnd(CELL_WIDTH)}${cell(stats(rounds.floors.map(read)), digits)}`;
  return [
    `  ${`median (min-max); n=${rounds.shows.length} / ${rounds.floors.length}`.padEnd(LABEL_WIDTH)}${"page's session".padEnd(CELL_WIDTH)}floor: another session`,
    row(
      "tasks that ran script (goal: 1)",
      (figures) => figures.tasks.filter((task) => !isRenderingUpdate(task)).length,
      0,
    ),
    row(
      "  and the rendering update ran script",
      (figures) => figures.tasks.filter(isRenderingUpdate).length,
      0,
    ),
    row("forced layouts", (figures) => figures.forcedLayouts.length, 0),
    row("frame -> paint ms (floor: -> next frame)", (figures) => figures.lengthMs, 1),
    row("script ms", (figures) => figures.scriptMs, 1),
    row("script ms in the frame's task", (figures) => figures.frameTaskScriptMs, 1),
    `  ${"window ended by".padEnd(LABEL_WIDTH)}${endings(rounds.shows).padEnd(CELL_WIDTH)}${endings(rounds.floors)}`,
  ];
}

const LEGEND = [
  "Figures: one trace per round, the renderer's main thread (how each is derived: scripts/bench/show-trace.ts)",
  "  window          from the start of the task that received the question.requested frame to the first Paint after the",
  "                  dock's element appeared; for the floor, to the page's next Paint or Commit (the caret's blink, if nothing else)",
  "  tasks           event-loop tasks that ran script in the window; the goal is one, the task that received the frame;",
  "                  the frame's rendering update (Chromium's BeginMainFrame task) is counted apart: 1 when it ran script",
  "                  (animation frame or resize observer callbacks, scroll events) before its paint",
  "  forced layouts  Layout events nested in script (FunctionCall, EventDispatch, RunMicrotasks, TimerFire, FireAnimationFrame, v8)",
  "  script ms       time in the outermost script events, less the layouts and style recalculations in them and the bench's probe",
];

/** A finding of one round: what it is, and its time. */
type Finding = { text: string; ms: number };

/** Each distinct finding once, with the rounds it showed up in and its median time. */
async function tally(
  rounds: WindowFigures[],
  findingsOf: (figures: WindowFigures) => Promise<Finding[]>,
): Promise<string[]> {
  const seen = new Map<string, { rounds: number; ms: number[] }>();
  for (const figures of rounds) {
    const findings = await findingsOf(figures);
    for (const text of new Set(findings.map((finding) => finding.text))) {
      const entry = seen.get(text) ?? { rounds: 0, ms: [] };
      entry.rounds += 1;
      seen.set(text, entry);
    }
    for (const finding of findings) seen.get(finding.text)?.ms.push(finding.ms);
  }
  if (seen.size === 0) return ["  none"];
  return [...seen]
    .sort((left, right) => right[1].rounds - left[1].rounds)
    .map(
      ([text, entry]) =>
        `  in ${entry.rounds}/${rounds.length} rounds, ${figure(stats(entry.ms).median, 1)} ms (median): ${text}`,
    );
}

/** "a, a, b" as "a (x2), b". */
function counted(texts: string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].map(([text, count]) => (count > 1 ? `${text} (x${count})` : text));
}

async function stackText(stack: CallSite[], locate: SourceLocator): Promise<string> {
  const [top, ...callers] = await Promise.all(stack.slice(0, STACK_FRAMES_SHOWN).map(locate));
  if (top === undefined) return "no stack in the trace";
  return [top, ...callers.map((caller) => `called from ${caller}`)].join(INDENT);
}

async function forcedLayoutFindings(figures: WindowFigures, locate: SourceLocator) {
  return Promise.all(
    figures.forcedLayouts.map(async (layout) => ({
      text: `${layout.inFrameTask ? "in the frame's task" : "in another task"}, in ${layout.context}:${INDENT}${await stackText(layout.stack, locate)}`,
      ms: layout.durationMs,
    })),
  );
}

/**
 * The rendering update of the frame that paints: Chromium runs it as a task, HTML's event loop as
 * the step after a task. Script there is its animation frame and resize observer callbacks and
 * the scroll events it fires, which run after that frame's layout (a resize observer's) or before.
 */
const isRenderingUpdate = (task: ScriptTask): boolean =>
  task.postedFrom.startsWith("ScheduledActionSendBeginMainFrame");

/** What kind of task it was, as far as the trace tells. */
function kindOf(task: ScriptTask, calls: string[]): string {
  if (isRenderingUpdate(task)) {
    return "the rendering frame (BeginMainFrame)";
  }
  if (task.parts.some((part) => part.startsWith("TimerFire"))) return "a timer";
  if (calls.some((call) => call.includes("node_modules/scheduler/"))) {
    return "React's scheduler (its MessageChannel message)";
  }
  if (task.parts.some((part) => part.startsWith("FireIdleCallback"))) return "an idle callback";
  return "a task";
}

async function extraTaskFindings(figures: WindowFigures, locate: SourceLocator) {
  const extra = figures.tasks.filter((task) => !task.receivedFrame);
  return Promise.all(
    extra.map(async (task) => {
      const calls = counted(await Promise.all(task.calls.map(locate)));
      const shown = calls.slice(0, CALLS_SHOWN);
      const more = calls.length > shown.length ? ` and ${calls.length - shown.length} more` : "";
      const called =
        shown.length === 0 ? "" : `${INDENT}calls ${shown.join(`${INDENT}calls `)}${more}`;
      return {
        text: `${kindOf(task, calls)}, posted from ${task.postedFrom}: ${task.parts.join(", ")}${called}`,
        ms: task.durationMs,
      };
    }),
  );
}

async function report(rounds: Rounds, chromium: string): Promise<string[]> {
  const locate = createSourceLocator();
  const several = rounds.shows.filter((figures) => figures.tasks.length > 1);
  const warnings = new Set(
    [...rounds.shows, ...rounds.floors].map((figures) => figures.threadWarning),
  );
  warnings.delete(null);
  return [
    "",
    `Dock shown: Chromium ${chromium} (headless, ${VIEWPORT.width}x${VIEWPORT.height}, default motion), the demo page's production build, the embedded mock gateway`,
    ...LEGEND,
    ...table(rounds),
    "Forced layouts before the paint (each source once; ms: the Layout's own time):",
    ...(await tally(rounds.shows, (figures) => forcedLayoutFindings(figures, locate))),
    `Extra tasks, in the ${several.length} rounds that needed more than one (ms: the task's wall time):`,
    ...(await tally(several, (figures) => extraTaskFindings(figures, locate))),
    "Floor: tasks besides the one that received the frame:",
    ...(await tally(rounds.floors, (figures) => extraTaskFindings(figures, locate))),
    ...[...warnings].map((warning) => `Warning: ${warning}`),
    ...(rounds.failures.length > 0
      ? ["Failed rounds:", ...rounds.failures.map((failure) => `  ${failure}`)]
      : []),
  ];
}

/** Starts the demo and Chromium, runs the rounds, prints the figures; stops both in any case. */
export async function benchDockShow(): Promise<void> {
  let demo: RunningDemo | null = null;
  let browser: Browser | null = null;
  try {
    progress("building the demo page (production) and starting the mock gateway...");
    demo = await startDemo({ production: true });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await openPage(context, demo);
    const cdp = await context.newCDPSession(page);
    await page.mouse.move(POINTER_REST.x, POINTER_REST.y);
    await sleep(SETTLE_MS);
    console.log(
      `\nDock shown (browser): ${WARM_UP_ROUNDS} warm-up + ${MEASURED_ROUNDS} measured rounds; each asks scenario "${SCENARIO}" on ${PAGE_SESSION} (the page's), answers it in the page, then asks it on ${OTHER_SESSION} (the floor)`,
    );
    const rounds = await runRounds({ demo, page, cdp });
    console.log((await report(rounds, browser.version())).join("\n"));
  } finally {
    await browser?.close();
    await demo?.close();
  }
}
