/**
 * `npm run bench:control-ui`: one real OpenClaw gateway, one Chromium, the same question answered
 * in the stock Control UI, in the Control UI with the kit's plugin, and in the kit's demo page, in
 * interleaved rounds: how soon the question shows, how soon it is gone after Submit, and what both
 * cost the page's main thread. Figures are printed, never asserted.
 */
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import type { QuestionRecord } from "../src/protocol/types";
import { launchChromium } from "../test/support/chromium";
import {
  countFromEnv,
  HOST_COMPOSER,
  HOST_PANEL,
  KIT_COMPOSER_DOCK,
  KIT_QUESTION_UI,
  openclawVersion,
  QUESTION,
  STOCK_QUESTION_UI,
  type Stats,
  stats,
} from "./bench/control-ui-pages";
import {
  armClick,
  clickedAt,
  enableMainThreadCounters,
  installProbe,
  isShown,
  type MainThreadSample,
  sampleMainThread,
  startWatch,
  watched,
} from "./bench/page-probe";
import { SHARE_NAMES, type Shares, startProfile, stopProfile } from "./bench/show-profile";
import { buildPlugin } from "./build-plugin";
import { type RunningDemo, startDemo } from "./demo/start-demo";
import { runMain } from "./run-main";

const ANSWER = "Production";
const WARM_UP_ROUNDS = 2;
/** Rounds with a CPU profile (ASK_BENCH_PROFILE=1), after the measured ones: sampling slows pages. */
const PROFILED_ROUNDS = 5;
/** The fewest measured rounds a median is taken over. */
const MIN_MEASURED_ROUNDS = 11;

/** `ASK_BENCH_ROUNDS=<n>` measures more rounds: a ratio near its goal moves by about 0.2 from run to run. */
const MEASURED_ROUNDS = countFromEnv("ASK_BENCH_ROUNDS", MIN_MEASURED_ROUNDS);
const VIEWPORT = { width: 1280, height: 860 };
/** Where the pointer goes after each round: the chat thread's empty middle. */
const POINTER_REST = { x: 760, y: 300 };
/** Work the change set off is still counted this long after it painted. */
const AFTER_CHANGE_MS = 1000;
/** The quiet stretch before each round that gives the page's idle main-thread rate. */
const IDLE_MS = 800;
/** Between picking the option and Submit, so the pick's own work stays out of the retire window. */
const BEFORE_SUBMIT_MS = 300;
const WATCH_TIMEOUT_MS = 15_000;
const LOAD_TIMEOUT_MS = 90_000;
const ANSWER_TIMEOUT_MS = 5000;
const POLL_MS = 50;
/** Longer than a plugin activation (2.8-3.5 s after the handshake): stock must still lack it then. */
const ACTIVATION_WAIT_MS = 5000;
const MS_PER_SECOND = 1000;
const BUILD_ATTEMPTS = 3;
const BUILD_RETRY_MS = 5000;

const PLUGIN_ID = "ask-user-kit";
const PLUGIN_ASSETS_PATH = `/__openclaw__/plugins/control-ui/${PLUGIN_ID}/`;

type ContenderName = "stock" | "plugin" | "demo";

/** Main-thread time over one stretch of the page's life, in ms. */
type Span = { cpuMs: number; taskMs: number; lengthMs: number };

/** One round's figures of one contender. */
type RoundFigures = {
  visibleMs: number;
  show: Span;
  goneMs: number;
  retire: Span;
  idle: Span;
};

/** One page answering the question, on a session of its own. */
type Contender = {
  name: ContenderName;
  label: string;
  sessionKey: string;
  /** The question UI that shows, then is gone. */
  questionUi: string;
  page: Page;
  cdp: CDPSession;
  rounds: RoundFigures[];
  /** Main-thread spans while a question for another page's session showed: the host's floor. */
  elsewhere: Span[];
  failures: string[];
};

/** What the header states about the run. */
type RunFacts = {
  openclaw: string;
  chromium: string;
  blockedRequests: number;
  cores: number;
  loadAtStart: number;
  loadAtEnd: number;
};

const started = Date.now();
const progress = (line: string) =>
  console.log(`[${Math.round((Date.now() - started) / MS_PER_SECOND)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Questions are per session: one on "agent:main:main" would render in all three pages at once, and
// on two cores the pages would then slow each other down. Each page shows a session of its own and
// stays open (warm, as a user's tab is); the two others idle through a round, except for the
// sidebar update a question on another session brings to every Control UI page alike.
const sessionNameOf = (name: ContenderName) => `bench-${name}`;
const sessionKeyOf = (name: ContenderName) => `agent:main:${sessionNameOf(name)}`;

async function createSessions(demo: RunningDemo): Promise<void> {
  for (const name of ["stock", "plugin", "demo"] as const) {
    await demo.client.request("sessions.create", { key: sessionKeyOf(name), agentId: "main" });
  }
}

/**
 * A browser context whose requests for the plugin's assets are aborted (stock) or let through.
 * Every context routes the same pattern, so interception costs them all the same.
 */
async function newContext(
  browser: Browser,
  pluginAssets: "blocked" | "allowed",
): Promise<{ context: BrowserContext; blocked: () => number }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let blocked = 0;
  await context.route(
    (url) => url.pathname.startsWith(PLUGIN_ASSETS_PATH),
    (route) => {
      if (pluginAssets === "allowed") return route.continue();
      blocked += 1;
      return route.abort("blockedbyclient");
    },
  );
  return { context, blocked: () => blocked };
}

/** The gateway's Control UI, signed in through the demo's loopback link, on `name`'s session. */
async function openControlUi(
  context: BrowserContext,
  demo: RunningDemo,
  name: ContenderName,
  ready: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${demo.pageUrl}control-ui`);
  await page.locator(HOST_COMPOSER).first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  await page.goto(new URL(`/chat/main/${sessionNameOf(name)}`, page.url()).href);
  await page.locator(ready).first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  return page;
}

async function openDemoPage(context: BrowserContext, demo: RunningDemo): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKeyOf("demo"))}`);
  await page.getByText("Connected", { exact: true }).waitFor({ timeout: LOAD_TIMEOUT_MS });
  return page;
}

async function readyContender(
  name: ContenderName,
  label: string,
  page: Page,
  questionUi: string,
): Promise<Contender> {
  await installProbe(page);
  const cdp = await page.context().newCDPSession(page);
  await enableMainThreadCounters(cdp);
  return {
    name,
    label,
    sessionKey: sessionKeyOf(name),
    questionUi,
    page,
    cdp,
    rounds: [],
    elsewhere: [],
    failures: [],
  };
}

/** Opens the three pages side by side; resolves once each is connected and stock is stock. */
async function openContenders(
  browser: Browser,
  demo: RunningDemo,
): Promise<{ contenders: Contender[]; blockedRequests: number }> {
  const stock = await newContext(browser, "blocked");
  const plugin = await newContext(browser, "allowed");
  const demoContext = await newContext(browser, "allowed");
  const [stockPage, pluginPage, demoPage] = await Promise.all([
    openControlUi(stock.context, demo, "stock", HOST_COMPOSER),
    openControlUi(plugin.context, demo, "plugin", KIT_COMPOSER_DOCK),
    openDemoPage(demoContext.context, demo),
  ]);
  await sleep(ACTIVATION_WAIT_MS);
  if (stock.blocked() === 0) throw new Error("the stock Control UI never asked for the plugin");
  if ((await stockPage.locator(KIT_COMPOSER_DOCK).count()) > 0) {
    throw new Error("the stock Control UI runs the plugin anyway");
  }
  return {
    contenders: [
      await readyContender("stock", "stock Control UI", stockPage, STOCK_QUESTION_UI),
      await readyContender("plugin", "Control UI + plugin", pluginPage, KIT_QUESTION_UI),
      await readyContender("demo", "demo page", demoPage, KIT_QUESTION_UI),
    ],
    blockedRequests: stock.blocked(),
  };
}

function spanBetween(before: MainThreadSample, after: MainThreadSample): Span {
  return {
    cpuMs: after.cpuMs - before.cpuMs,
    taskMs: after.taskMs - before.taskMs,
    lengthMs: after.atMs - before.atMs,
  };
}

async function measureIdle(entry: Contender): Promise<Span> {
  const before = await sampleMainThread(entry.cdp);
  await sleep(IDLE_MS);
  return spanBetween(before, await sampleMainThread(entry.cdp));
}

/**
 * Requests the question; resolves once it painted and the work it set off was counted. The other
 * pages' main threads are counted over the same stretch: what a question costs a page that does
 * not show it (for a Control UI page: its sidebar, its title; the floor of any question UI).
 */
async function measureShow(
  demo: RunningDemo,
  entry: Contender,
  others: Contender[],
): Promise<{ id: string; visibleMs: number; show: Span; elsewhere: Span[] }> {
  await startWatch(entry.page, entry.questionUi, true, WATCH_TIMEOUT_MS);
  const othersBefore = await Promise.all(others.map((other) => sampleMainThread(other.cdp)));
  const before = await sampleMainThread(entry.cdp);
  const sentAt = Date.now();
  const { id } = await demo.api.request({ questions: [QUESTION], sessionKey: entry.sessionKey });
  const visibleAt = await watched(entry.page);
  if (visibleAt === null) {
    await demo.api.cancel(id).catch(() => undefined);
    throw new Error("the question UI did not show");
  }
  await sleep(AFTER_CHANGE_MS);
  const show = spanBetween(before, await sampleMainThread(entry.cdp));
  const othersAfter = await Promise.all(others.map((other) => sampleMainThread(other.cdp)));
  const elsewhere = others.map((_, index) => {
    const start = othersBefore[index];
    const end = othersAfter[index];
    return start === undefined || end === undefined ? null : spanBetween(start, end);
  });
  return {
    id,
    visibleMs: visibleAt.wallMs - sentAt,
    show,
    elsewhere: elsewhere.filter((span) => span !== null),
  };
}

/** Picks the answer, clicks Submit; resolves once the question UI is gone and its work counted. */
async function measureRetire(entry: Contender): Promise<{ goneMs: number; retire: Span }> {
  const questionUi = entry.page.locator(entry.questionUi).first();
  await questionUi.getByRole("radio", { name: new RegExp(ANSWER) }).click();
  const submit = questionUi.getByRole("button", { name: "Submit" });
  await submit.click({ trial: true });
  const box = await submit.boundingBox();
  if (box === null) throw new Error("Submit has no box");
  await sleep(BEFORE_SUBMIT_MS);
  await startWatch(entry.page, entry.questionUi, false, WATCH_TIMEOUT_MS);
  await armClick(entry.page);
  const before = await sampleMainThread(entry.cdp);
  // A plain mouse click: a locator click would run its checks inside the measured window.
  await entry.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const goneAt = await watched(entry.page);
  const clickAt = await clickedAt(entry.page);
  if (goneAt === null || clickAt === null) throw new Error("the question UI stayed after Submit");
  await sleep(AFTER_CHANGE_MS);
  const retire = spanBetween(before, await sampleMainThread(entry.cdp));
  return { goneMs: goneAt.timelineMs - clickAt, retire };
}

async function endedRecord(demo: RunningDemo, id: string): Promise<QuestionRecord> {
  const deadline = Date.now() + ANSWER_TIMEOUT_MS;
  for (;;) {
    const record = await demo.api.get(id);
    if (record.status !== "pending" || Date.now() > deadline) return record;
    await sleep(POLL_MS);
  }
}

async function expectAnswered(demo: RunningDemo, id: string): Promise<void> {
  const record = await endedRecord(demo, id);
  const picked = record.answers?.answers[QUESTION.questionId];
  if (record.status !== "answered" || picked?.[0] !== ANSWER || picked.length !== 1) {
    throw new Error(`ended ${record.status} with ${JSON.stringify(record.answers ?? null)}`);
  }
}

async function runRound(
  demo: RunningDemo,
  entry: Contender,
  others: Contender[],
  warmUp: boolean,
): Promise<RoundFigures> {
  if (await isShown(entry.page, entry.questionUi)) throw new Error("a question UI was still shown");
  const idle = await measureIdle(entry);
  const { id, visibleMs, show, elsewhere } = await measureShow(demo, entry, others);
  if (!warmUp) {
    others.forEach((other, index) => {
      const span = elsewhere[index];
      if (span !== undefined) other.elsewhere.push(span);
    });
  }
  try {
    const { goneMs, retire } = await measureRetire(entry);
    await expectAnswered(demo, id);
    return { visibleMs, show, goneMs, retire, idle };
  } catch (error) {
    await demo.api.cancel(id).catch(() => undefined);
    throw error;
  } finally {
    // A user moves on from Submit. Left there, the pointer rests on whatever took its place (in
    // the plugin page, the composer's voice button), and the next layout change opens its tooltip
    // in the middle of another page's round.
    await entry.page.mouse.move(POINTER_REST.x, POINTER_REST.y);
  }
}

async function runRounds(demo: RunningDemo, contenders: Contender[]): Promise<void> {
  const total = WARM_UP_ROUNDS + MEASURED_ROUNDS;
  for (let round = 0; round < total; round += 1) {
    const warmUp = round < WARM_UP_ROUNDS;
    const order = contenders.map((_, index) => contenders[(index + round) % contenders.length]);
    const names = order.map((entry) => entry?.name).join(", ");
    progress(`round ${round + 1}/${total}${warmUp ? " (warm-up)" : ""}: ${names}`);
    for (const entry of order) {
      if (entry === undefined) continue;
      try {
        const others = contenders.filter((other) => other !== entry);
        const figures = await runRound(demo, entry, others, warmUp);
        if (!warmUp) entry.rounds.push(figures);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        entry.failures.push(`round ${round + 1}${warmUp ? " (warm-up)" : ""}: ${message}`);
      }
    }
  }
}

/** A page's profiled shows, and the same page's profile while the other page showed (its floor). */
type Profiled = { shows: Shares[]; floors: Shares[]; retires: Shares[] };

/**
 * Rounds of the stock and plugin pages with a CPU profile of both: the page that shows the
 * question gives where its show's time goes, the other page its floor.
 */
async function runProfiledRounds(
  demo: RunningDemo,
  contenders: Contender[],
): Promise<Map<ContenderName, Profiled>> {
  const pages = contenders.filter((entry) => entry.name !== "demo");
  const profiled = new Map(
    pages.map((entry) => [entry.name, { shows: [], floors: [], retires: [] } as Profiled]),
  );
  // ASK_BENCH_PROFILE_DIR keeps each raw profile there: <page>-<show|floor|retire>-<round>.cpuprofile.
  const dir = process.env.ASK_BENCH_PROFILE_DIR;
  const saveAs = (name: ContenderName, stretch: string, round: number) =>
    dir === undefined ? undefined : join(dir, `${name}-${stretch}-${round + 1}.cpuprofile`);
  for (let round = 0; round < PROFILED_ROUNDS; round += 1) {
    progress(`profiled round ${round + 1}/${PROFILED_ROUNDS}`);
    for (const entry of pages) {
      const others = pages.filter((other) => other !== entry);
      await Promise.all([entry, ...others].map((page) => startProfile(page.cdp)));
      const { id } = await measureShow(demo, entry, []);
      const show = await stopProfile(
        entry.cdp,
        PLUGIN_ASSETS_PATH,
        saveAs(entry.name, "show", round),
      );
      profiled.get(entry.name)?.shows.push(show);
      for (const other of others) {
        const floor = await stopProfile(
          other.cdp,
          PLUGIN_ASSETS_PATH,
          saveAs(other.name, "floor", round),
        );
        profiled.get(other.name)?.floors.push(floor);
      }
      try {
        await startProfile(entry.cdp);
        await measureRetire(entry);
        const retire = await stopProfile(
          entry.cdp,
          PLUGIN_ASSETS_PATH,
          saveAs(entry.name, "retire", round),
        );
        profiled.get(entry.name)?.retires.push(retire);
        await expectAnswered(demo, id);
      } finally {
        await entry.page.mouse.move(POINTER_REST.x, POINTER_REST.y);
      }
    }
  }
  return profiled;
}

function profileLines(profiled: Map<ContenderName, Profiled>): string[] {
  const median = (values: number[]) => stats(values).median;
  const lines = [
    `Where the show's and the retire's main-thread time goes (CPU profile, sampled every 0.1 ms; ${PROFILED_ROUNDS} rounds after the measured ones, medians in ms):`,
    "  kit: the plugin's bundle; page: the Control UI's own scripts; engine: style, layout, paint and other work outside script; gc",
  ];
  for (const [name, { shows, floors, retires }] of profiled) {
    const parts = SHARE_NAMES.map((share) => {
      const show = median(shows.map((entry) => entry[share]));
      const floor = median(floors.map((entry) => entry[share]));
      return `${share} ${figure(show)} (floor ${figure(floor)}, beyond ${figure(show - floor)})`;
    });
    lines.push(`  ${name.padEnd(8)}show: ${parts.join(", ")}`);
    const retire = SHARE_NAMES.map(
      (share) => `${share} ${figure(median(retires.map((entry) => entry[share])))}`,
    );
    lines.push(`  ${"".padEnd(8)}retire: ${retire.join(", ")}`);
  }
  return lines;
}

/** What a contender's figures come to, with main-thread spans net of its idle rate. */
type Summary = {
  visible: Stats;
  showCpu: Stats;
  gone: Stats;
  retireCpu: Stats;
  showTask: Stats;
  retireTask: Stats;
  /** The page's cost while a question for another page's session showed. */
  elsewhereCpu: Stats;
  idleCpuPerSecond: number;
};

function summarize(entry: Contender): Summary {
  const rounds = entry.rounds;
  const idleCpuRate = stats(rounds.map((round) => round.idle.cpuMs / round.idle.lengthMs)).median;
  const idleTaskRate = stats(rounds.map((round) => round.idle.taskMs / round.idle.lengthMs)).median;
  const netCpu = (span: Span) => span.cpuMs - idleCpuRate * span.lengthMs;
  const netTask = (span: Span) => span.taskMs - idleTaskRate * span.lengthMs;
  return {
    visible: stats(rounds.map((round) => round.visibleMs)),
    showCpu: stats(rounds.map((round) => netCpu(round.show))),
    gone: stats(rounds.map((round) => round.goneMs)),
    retireCpu: stats(rounds.map((round) => netCpu(round.retire))),
    showTask: stats(rounds.map((round) => netTask(round.show))),
    retireTask: stats(rounds.map((round) => netTask(round.retire))),
    elsewhereCpu: stats(entry.elsewhere.map(netCpu)),
    idleCpuPerSecond: idleCpuRate * MS_PER_SECOND,
  };
}

const LABEL_WIDTH = 22;
const CELL_WIDTH = 18;

const figure = (value: number) =>
  Number.isNaN(value)
    ? "-"
    : Math.abs(value) < 10
      ? value.toFixed(1)
      : Math.round(value).toString();
const cell = ({ median, min, max }: Stats) =>
  `${figure(median)} (${figure(min)}-${figure(max)})`.padEnd(CELL_WIDTH);
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}x`;

function header(contenders: Contender[], facts: RunFacts): string[] {
  const labels = Object.fromEntries(
    contenders.map((entry) => [entry.name, entry.label.padEnd(LABEL_WIDTH)]),
  );
  const after = `${AFTER_CHANGE_MS / MS_PER_SECOND} s`;
  return [
    "Control UI benchmark: the ask_user question UI, stock Control UI vs the kit's plugin vs the kit's demo page",
    `  setup     one real OpenClaw ${facts.openclaw} gateway (loopback); one Chromium ${facts.chromium} (headless, ${VIEWPORT.width}x${VIEWPORT.height}, default motion)`,
    `  question  one single-select question, 2 options + own answer; each round requests it, picks "${ANSWER}", clicks Submit`,
    `  rounds    ${WARM_UP_ROUNDS} warm-up (discarded) + ${MEASURED_ROUNDS} measured per contender, interleaved: the order rotates every round`,
    "  pages     a browser context each; each shows a session of its own (agent:main:bench-<name>) and stays open, the others idle meanwhile",
    `  machine   ${facts.cores} cores, load average ${facts.loadAtStart.toFixed(1)} at start, ${facts.loadAtEnd.toFixed(1)} at end (wall-clock figures move with other processes' load)`,
    "Contenders:",
    `  ${labels.stock}the same gateway's Control UI with the plugin's assets (${PLUGIN_ASSETS_PATH}) aborted`,
    `  ${"".padEnd(LABEL_WIDTH)}(requests aborted: ${facts.blockedRequests}); checked: no ${KIT_COMPOSER_DOCK}, its built-in ${HOST_PANEL} answers`,
    `  ${labels.plugin}the same Control UI with the ask-user-kit plugin installed (its production bundle)`,
    `  ${labels.demo}the kit's demo page from startDemo: its production build (vite build, served by vite preview)`,
    "Figures:",
    "  send->visible  Date.now() in Node before question.request -> the page's first animation frame with the question UI laid out",
    `  show CPU       main-thread CPU time (CDP Performance.getMetrics ThreadTime) from the request until ${after} after visible`,
    "  Submit->gone   the Submit click event -> the page's first frame without the question UI",
    `  retire CPU     main-thread CPU time from the Submit click until ${after} after gone`,
    "  elsewhere CPU  main-thread CPU time over another page's show window: what a question for a session the page does not show costs it",
    "  CPU figures are net of the page's idle rate (last column), measured before every round",
    "",
  ];
}

function table(contenders: Contender[], summaries: Map<ContenderName, Summary>): string[] {
  const columns = [
    "send->visible ms",
    "show CPU ms",
    "Submit->gone ms",
    "retire CPU ms",
    "elsewhere CPU ms",
  ];
  const lines = [
    `${`median (min-max), n=${MEASURED_ROUNDS}`.padEnd(LABEL_WIDTH)}${columns.map((column) => column.padEnd(CELL_WIDTH)).join("")}idle CPU ms/s`,
  ];
  for (const entry of contenders) {
    const summary = summaries.get(entry.name);
    if (summary === undefined) continue;
    const cells = [
      summary.visible,
      summary.showCpu,
      summary.gone,
      summary.retireCpu,
      summary.elsewhereCpu,
    ].map(cell);
    lines.push(
      `${entry.label.padEnd(LABEL_WIDTH)}${cells.join("")}${figure(summary.idleCpuPerSecond)}`,
    );
  }
  return lines;
}

function ratios(name: string, summary: Summary, stock: Summary): string {
  return [
    `  ${name.padEnd(LABEL_WIDTH - 2)}`,
    `visible ${ratio(summary.visible.median, stock.visible.median)}`,
    `show CPU ${ratio(summary.showCpu.median, stock.showCpu.median)}`,
    `gone ${ratio(summary.gone.median, stock.gone.median)}`,
    `retire CPU ${ratio(summary.retireCpu.median, stock.retireCpu.median)}`,
  ].join("  ");
}

function taskTimes(contenders: Contender[], summaries: Map<ContenderName, Summary>): string {
  const parts = contenders.map((entry) => {
    const summary = summaries.get(entry.name);
    if (summary === undefined) return `${entry.name} -`;
    return `${entry.name} ${figure(summary.showTask.median)} / ${figure(summary.retireTask.median)}`;
  });
  return `Task time (CDP TaskDuration, wall clock: grows when other processes hold the cores), show / retire ms: ${parts.join(", ")}`;
}

/** A page's cost to show its question beyond what a question for another session costs it. */
const beyondFloor = (summary: Summary) => summary.showCpu.median - summary.elsewhereCpu.median;

/**
 * The goals: the plugin's dock visible no later than stock's; its cost to show, beyond the host's
 * floor (what the page does for any question), at most half of stock's; its cost to retire a
 * question at most stock's. The demo page shows what the kit's dock costs alone.
 */
function goals(plugin: Summary, stock: Summary, demoPage: Summary | undefined): string[] {
  const visible = plugin.visible.median / stock.visible.median;
  const show = beyondFloor(plugin) / beyondFloor(stock);
  const retire = plugin.retireCpu.median / stock.retireCpu.median;
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  return [
    `Goal: plugin dock visible: ${visible.toFixed(2)}x stock (goal <= 1.0x): ${verdict(visible <= 1)}`,
    `Goal: plugin main-thread cost to show beyond the host's floor: ${show.toFixed(2)}x stock's (goal <= 0.5x): ${verdict(show <= 0.5)}`,
    `      the floor: a question for another session costs the plugin page ${figure(plugin.elsewhereCpu.median)} ms, the stock page ${figure(stock.elsewhereCpu.median)} ms;`,
    `      beyond it the plugin costs ${figure(beyondFloor(plugin))} ms to show, stock ${figure(beyondFloor(stock))} ms` +
      (demoPage === undefined
        ? ""
        : `; the kit's dock alone (demo page) ${figure(beyondFloor(demoPage))} ms, ${ratio(beyondFloor(demoPage), beyondFloor(stock))} of stock's`),
    `Goal: plugin main-thread cost to retire: ${retire.toFixed(2)}x stock (goal <= 1.0x): ${verdict(retire <= 1)}`,
  ];
}

function answers(contenders: Contender[]): string[] {
  const total = WARM_UP_ROUNDS + MEASURED_ROUNDS;
  const failed = contenders.flatMap((entry) =>
    entry.failures.map((failure) => `  ${entry.label}, ${failure}`),
  );
  const ended = contenders.length * total - failed.length;
  return [
    `Answers: ${ended}/${contenders.length * total} rounds ended "answered" with ${ANSWER} on the gateway; ${failed.length} failed${failed.length > 0 ? ":" : "."}`,
    ...failed,
  ];
}

function report(contenders: Contender[], facts: RunFacts): string[] {
  const measured = contenders.filter((entry) => entry.rounds.length > 0);
  const summaries = new Map(measured.map((entry) => [entry.name, summarize(entry)]));
  const stock = summaries.get("stock");
  const plugin = summaries.get("plugin");
  const demoPage = summaries.get("demo");
  const lines = [...header(contenders, facts), ...table(contenders, summaries), ""];
  if (stock !== undefined) {
    lines.push("Ratios to stock (medians):");
    if (plugin !== undefined) lines.push(ratios("plugin/stock", plugin, stock));
    if (demoPage !== undefined) lines.push(ratios("demo/stock", demoPage, stock));
  }
  lines.push(taskTimes(measured, summaries), "");
  if (stock !== undefined && plugin !== undefined) lines.push(...goals(plugin, stock, demoPage));
  lines.push(...answers(contenders));
  return lines;
}

/**
 * Builds the plugin and keeps a private copy of its archive. Other runs on this machine rebuild
 * dist/openclaw-plugin/ at any time (emptying it first), so a build that clashed with one is
 * tried again.
 */
async function buildPluginCopy(folder: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const archive = await buildPlugin();
      const copy = join(folder, basename(archive));
      await copyFile(archive, copy);
      return copy;
    } catch (error) {
      if (attempt === BUILD_ATTEMPTS) throw error;
      const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
      progress(`the plugin build failed (${reason}); another build may have run at once, retrying`);
      await sleep(BUILD_RETRY_MS);
    }
  }
}

async function main(): Promise<number> {
  const loadAtStart = loadavg()[0] ?? 0;
  const scratch = await mkdtemp(join(tmpdir(), "ask-user-kit-bench-"));
  let demo: RunningDemo | null = null;
  let browser: Browser | null = null;
  try {
    progress("building the plugin (production bundle)...");
    const plugin = await buildPluginCopy(scratch);
    progress("starting the real gateway with the plugin installed, and the demo page...");
    demo = await startDemo({ openclaw: { plugin }, production: true, log: progress });
    await createSessions(demo);
    browser = await launchChromium();
    progress("opening the stock Control UI, the Control UI with the plugin and the demo page...");
    const { contenders, blockedRequests } = await openContenders(browser, demo);
    await runRounds(demo, contenders);
    const profiled =
      process.env.ASK_BENCH_PROFILE === "1" ? await runProfiledRounds(demo, contenders) : null;
    const facts: RunFacts = {
      openclaw: await openclawVersion(),
      chromium: browser.version(),
      blockedRequests,
      cores: availableParallelism(),
      loadAtStart,
      loadAtEnd: loadavg()[0] ?? 0,
    };
    progress("done; closing");
    console.log(`\n${report(contenders, facts).join("\n")}`);
    if (profiled !== null) console.log(`\n${profileLines(profiled).join("\n")}`);
  } finally {
    await browser?.close();
    await demo?.close();
    await rm(scratch, { recursive: true, force: true });
  }
  return 0;
}

runMain(main);
