/**
 * The cold first question (the last part of `npm run bench`): one real OpenClaw gateway, one
 * Chromium, OpenClaw's stock Control UI beside the kit's demo page (both production builds). Each
 * round loads each page anew in a fresh browser context, lets it idle, asks it one question on a
 * session of its own and times send -> visible and send -> the frame reaching the page's handler;
 * a page of each kept open gives the warm median. Normal CPU, then the CPU throttled 4x (a phone).
 * Last, one more throttled kit load with V8's call counts on (cold-coverage.ts): what its question's
 * frame ran that nothing on the page had run before.
 * Figures are printed, never asserted; the goals read PASS or FAIL and never fail the process.
 */
import { availableParallelism, loadavg } from "node:os";
import type { Browser, CDPSession, Page } from "playwright-core";
import { launchChromium } from "../../test/support/chromium";
import { type RunningDemo, startDemo } from "../demo/start-demo";
import {
  type CodeOwner,
  type FirstRunFunction,
  firstRunInFrame,
  startCallCounts,
} from "./cold-coverage";
import {
  countFromEnv,
  HOST_COMPOSER,
  KIT_QUESTION_UI,
  openclawVersion,
  STOCK_QUESTION_UI,
  type Stats,
  stats,
} from "./control-ui-pages";
import { installProbe, isShown, startWatch, watched } from "./page-probe";
import {
  analyzeWait,
  type CallSite,
  callSiteAt,
  createSourceLocator,
  FRAME_MARK,
  recordTrace,
  type SourceLocator,
  type WaitFigures,
  type WaitTask,
} from "./show-trace";

/** The fewest fresh loads per contender and CPU mode a median and a worst are taken over. */
const MIN_LOADS = 11;

/** `ASK_BENCH_COLD_LOADS=<n>` loads OpenClaw's page n times per CPU mode instead of 11. */
// Read as the bench starts, so a wrong value stops it before anything runs.
const LOADS = countFromEnv(
  "ASK_BENCH_COLD_LOADS",
  MIN_LOADS,
  " (fewer loads give no worst case worth the name)",
);
/**
 * The kit's page is loaded more often: its cold median is held against its own warm one, a few ms
 * apart, and each "visible" waits for the next frame (up to 16.7 ms), so a median over 11 loads
 * moves that ratio by about 0.1 from run to run. OpenClaw's ratio is far from its goal.
 * `ASK_BENCH_KIT_COLD_LOADS=<n>` (at least the OpenClaw count) instead of 21.
 */
const KIT_LOADS = countFromEnv(
  "ASK_BENCH_KIT_COLD_LOADS",
  Math.max(LOADS, 21),
  ` (at least as many as OpenClaw's ${LOADS})`,
);
const loadsOf = (contender: ContenderName) => (contender === "kit" ? KIT_LOADS : LOADS);
/**
 * What each question says. A user's hundredth question shares few words with their ninety-ninth,
 * so by default every question of the run has words of its own (the page's text caches then warm
 * nothing the next question uses); `ASK_BENCH_COLD_TEXT=same` asks one question again and again,
 * as this bench did before, for comparison.
 */
const TEXT_MODE = readTextMode();
const QUESTION_TEXTS: [header: string, question: string, first: string, second: string][] = [
  ["Target", "Which environment should receive this release?", "Staging", "Production"],
  ["Migration", "Should the schema change run before or after the deploy?", "Before", "After"],
  ["Naming", "What should the new settings page be called?", "Preferences", "Account"],
  ["Suites", "Which test suites must pass on every push?", "Unit only", "Everything"],
  ["Cache", "How long may the thumbnail cache keep a file?", "One hour", "One day"],
  ["Hotfix", "Where should the hotfix be merged first?", "main", "release/4.2"],
  ["Logging", "How much detail belongs in the error logs?", "Errors only", "Full traces"],
  ["Reviewer", "Who should review the payment changes?", "Priya", "Jonas"],
  ["Uploads", "How many times should a failed upload retry?", "Three", "Ten"],
  ["Emails", "Which language should onboarding emails use?", "English", "German"],
  ["Backup", "When should the nightly backup start?", "01:00", "04:30"],
  ["Icons", "Which icon style suits the new toolbar?", "Outlined", "Filled"],
];
let asked = 0;

function readTextMode(): "distinct" | "same" {
  const chosen = process.env.ASK_BENCH_COLD_TEXT ?? "distinct";
  if (chosen === "distinct" || chosen === "same") return chosen;
  console.error(`ASK_BENCH_COLD_TEXT must be "distinct" or "same", got ${JSON.stringify(chosen)}`);
  process.exit(2);
}

/** The next question: words of its own (distinct), or always the first (same). */
function nextQuestion() {
  const texts = QUESTION_TEXTS[TEXT_MODE === "same" ? 0 : asked % QUESTION_TEXTS.length];
  asked += 1;
  if (texts === undefined) throw new Error("no question text");
  const [header, question, first, second] = texts;
  // A distinct cycle's number keeps a repeat of the twelve apart too.
  const round =
    TEXT_MODE === "same" ? "" : ` (${Math.floor((asked - 1) / QUESTION_TEXTS.length) + 1})`;
  return {
    questionId: "target",
    header,
    question: `${question}${round}`,
    options: [{ label: first }, { label: second }],
    isOther: true,
  };
}

/**
 * Questions each loaded page gets after its cold one, each a warm sample. Asked on every load, so
 * the warm median is taken over as many questions, spread over the same stretch of the run as the
 * cold ones (a busy moment of a shared machine weighs on both alike), not over one page's.
 */
const WARM_PER_LOAD = 2;
/** From a page's ready state to the question: its start-up work is over by then. */
const IDLE_MS = 2000;
/** The main-thread CPU time of the idle's last stretch is read: was the page idle? */
const IDLE_TAIL_MS = 1000;
/** Between two questions on the warm page, after the previous one is gone. */
const WARM_GAP_MS = 600;
const VIEWPORT = { width: 1280, height: 860 };
const LOAD_TIMEOUT_MS = 60_000;
const WATCH_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 10_000;
const ANSWER_TIMEOUT_MS = 10_000;
const MS_PER_SECOND = 1000;
const KIT_COLD_GOAL = 1.2;
const KIT_VS_OPENCLAW_GOAL = 0.7;
/** A fixed loop the page runs once per mode: how much slower the throttled CPU really is. */
const CALIBRATION_LOOP = 20_000_000;
/** Tasks shown of a traced wait: the longest overlaps. */
const WAIT_TASKS_SHOWN = 6;
const CALLS_SHOWN = 4;
/** Long tasks (and long animation frames) shown per cold kit load at most. */
const LONG_SCRIPTS_SHOWN = 3;

type ContenderName = "openclaw" | "kit";
type Mode = { name: string; rate: number };
const MODES: Mode[] = [
  { name: "normal CPU", rate: 1 },
  { name: "CPU throttled 4x", rate: 4 },
];

/** How a contender's page opens, and what shows its question. */
type Contender = {
  name: ContenderName;
  label: string;
  questionUi: string;
  /** Navigates a fresh page to the contender on `sessionKey`; resolves once it is ready. */
  open(page: Page, sessionKey: string): Promise<void>;
};

/** What the page's init script recorded for a question's frame, on both of its clocks. */
type FrameStamp = { wallMs: number; perfMs: number; nextTaskMs: number | null };

/** A long task or long animation frame that overlapped the frame's wait, with its scripts. */
type LongEntry = {
  kind: string;
  /** From the send, in ms. */
  offsetMs: number;
  durationMs: number;
  scripts: LongScript[];
};
type LongScript = {
  invoker: string;
  sourceURL: string;
  sourceFunctionName: string;
  sourceCharPosition: number;
  durationMs: number;
};

/** One question's figures. */
type Sample = {
  visibleMs: number;
  frameMs: number;
  /** From the frame's handler to a message it posts: the frame's task and what ran before the message. */
  frameTaskMs: number;
  /** Long tasks and long animation frames that overlapped the send -> handler stretch. */
  long: LongEntry[];
  /** Main-thread CPU in the idle's last stretch, per second. */
  idleCpuPerSecond: number;
  loadMs: number;
  /** The kit's page: whether its rehearsal had ended before the send (null: not read, or none). */
  rehearsedBefore: boolean | null;
};

type Figures = {
  cold: Sample[];
  warm: Sample[];
  failures: string[];
};

type ModeRun = {
  mode: Mode;
  byContender: Map<ContenderName, Figures>;
  /** The calibration loop's time in this mode, in ms. */
  loopMs: number | null;
  trace: WaitFigures | string | null;
};

let started = Date.now();
const progress = (line: string) =>
  console.error(`[cold] ${Math.round((Date.now() - started) / MS_PER_SECOND)} s: ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) =>
  error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Plain JavaScript, installed with `page.addInitScript` before the page's own scripts: a message
// listener on every WebSocket, added as the socket is constructed (before the app's own), stamps
// each question.requested frame; buffered observers keep the page's long tasks and long
// animation frames from its start. The stamp function's name keeps it out of traced task lists.
const COLD_INIT_SOURCE = `(() => {
  if (window.__askCold) return;
  const frameText = '"event":"question.requested"';
  const cold = { frames: {}, long: [], stopAfterFrame: false };
  // A message posted from the frame's handler runs as the next task: it stamps the frame task's end.
  const channel = new MessageChannel();
  let pending = null;
  channel.port1.onmessage = () => {
    if (pending !== null) pending.nextTaskMs = performance.now();
    pending = null;
    // Armed by the counted load (cold-coverage.ts): its coverage is read here, as the frame ends.
    if (cold.stopAfterFrame) {
      cold.stopAfterFrame = false;
      debugger;
    }
  };
  function askBenchFrameStamp(event) {
    if (typeof event.data !== "string" || !event.data.includes(frameText)) return;
    const stamp = { wallMs: Date.now(), perfMs: performance.now(), nextTaskMs: null };
    console.timeStamp(${JSON.stringify(FRAME_MARK)});
    let id = null;
    try { id = JSON.parse(event.data).payload.id; } catch {}
    if (typeof id !== "string" || id in cold.frames) return;
    cold.frames[id] = stamp;
    pending = stamp;
    channel.port2.postMessage(0);
  }
  window.WebSocket = new Proxy(window.WebSocket, {
    construct(target, args) {
      const socket = Reflect.construct(target, args);
      socket.addEventListener("message", askBenchFrameStamp);
      return socket;
    },
  });
  const keep = (list) => {
    for (const entry of list.getEntries()) cold.long.push(JSON.parse(JSON.stringify(entry)));
  };
  for (const type of ["longtask", "long-animation-frame"]) {
    try { new PerformanceObserver(keep).observe({ type, buffered: true }); } catch {}
  }
  // The kit's rehearsal (an element .ask-warm-up, rendered out of sight once the page idles): when
  // it was last taken away, which is when it ended.
  cold.warmUpEndedAt = null;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (node.nodeType === 1 && node.classList.contains("ask-warm-up")) {
          cold.warmUpEndedAt = performance.now();
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
  window.__askCold = cold;
})()`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const numberOf = (value: unknown) => (typeof value === "number" ? value : 0);
const textOf = (value: unknown) => (typeof value === "string" ? value : "");

function toFrameStamp(value: unknown): FrameStamp | null {
  if (!isRecord(value)) return null;
  const { wallMs, perfMs, nextTaskMs } = value;
  if (typeof wallMs !== "number" || typeof perfMs !== "number") return null;
  return { wallMs, perfMs, nextTaskMs: typeof nextTaskMs === "number" ? nextTaskMs : null };
}

function toLongScript(value: unknown): LongScript | null {
  if (!isRecord(value)) return null;
  return {
    invoker: textOf(value.invoker),
    sourceURL: textOf(value.sourceURL),
    sourceFunctionName: textOf(value.sourceFunctionName),
    sourceCharPosition: numberOf(value.sourceCharPosition),
    durationMs: numberOf(value.duration),
  };
}

/** The long entries that overlap `from`..`until` (page clock, ms), timed from `from`. */
function longEntriesBetween(value: unknown, from: number, until: number): LongEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): LongEntry[] => {
    if (!isRecord(entry)) return [];
    const start = numberOf(entry.startTime);
    const durationMs = numberOf(entry.duration);
    if (start + durationMs <= from || start >= until) return [];
    const scripts = Array.isArray(entry.scripts) ? entry.scripts.map(toLongScript) : [];
    return [
      {
        kind: textOf(entry.entryType),
        offsetMs: start - from,
        durationMs,
        scripts: scripts.filter((script) => script !== null),
      },
    ];
  });
}

/** The gateway's Control UI on `sessionKey`'s chat, signed in with the token in one load. */
function openclawContender(demo: RunningDemo): Contender {
  const base = demo.gatewayUrl.replace(/^ws/, "http").replace(/\/?$/, "/");
  return {
    name: "openclaw",
    label: "OpenClaw Control UI",
    questionUi: STOCK_QUESTION_UI,
    open: async (page, sessionKey) => {
      const session = sessionKey.split(":").at(-1) ?? "";
      await page.goto(`${base}chat/main/${session}#token=${encodeURIComponent(demo.token)}`, {
        timeout: LOAD_TIMEOUT_MS,
      });
      await page.locator(HOST_COMPOSER).first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    },
  };
}

function kitContender(demo: RunningDemo): Contender {
  return {
    name: "kit",
    label: "kit demo page",
    questionUi: KIT_QUESTION_UI,
    open: async (page, sessionKey) => {
      await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKey)}`, {
        timeout: LOAD_TIMEOUT_MS,
      });
      await page.getByText("Connected", { exact: true }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    },
  };
}

/** A page in a fresh context (empty HTTP cache, storage and code cache), its CPU throttled first. */
type FreshPage = { page: Page; cdp: CDPSession; close(): Promise<void> };

async function freshPage(browser: Browser, mode: Mode): Promise<FreshPage> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const close = () =>
    withTimeout(context.close(), CLOSE_TIMEOUT_MS, "closing the context").catch(() => undefined);
  try {
    const page = await context.newPage();
    await page.addInitScript(COLD_INIT_SOURCE);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    // Before the navigation: the load itself runs throttled, as on a phone.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: mode.rate });
    return { page, cdp, close };
  } catch (error) {
    await close();
    throw error;
  }
}

let sessionCount = 0;

/** A session no page has shown yet: pages never show each other's questions. */
async function newSession(demo: RunningDemo, contender: ContenderName): Promise<string> {
  sessionCount += 1;
  const key = `agent:main:cold-${contender}-${sessionCount}`;
  await withTimeout(
    demo.client.request("sessions.create", { key, agentId: "main" }),
    REQUEST_TIMEOUT_MS,
    "sessions.create",
  );
  return key;
}

async function threadCpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return (metrics.find((metric) => metric.name === "ThreadTime")?.value ?? 0) * MS_PER_SECOND;
}

/** Opens the contender and lets it idle; resolves with its load time and idle tail's CPU rate. */
async function openAndIdle(
  fresh: FreshPage,
  contender: Contender,
  sessionKey: string,
): Promise<{ loadMs: number; idleCpuPerSecond: number }> {
  const loadStart = Date.now();
  await contender.open(fresh.page, sessionKey);
  const loadMs = Date.now() - loadStart;
  await installProbe(fresh.page);
  await sleep(IDLE_MS - IDLE_TAIL_MS);
  const before = await threadCpuMs(fresh.cdp);
  await sleep(IDLE_TAIL_MS);
  const idleCpuPerSecond =
    ((await threadCpuMs(fresh.cdp)) - before) / (IDLE_TAIL_MS / MS_PER_SECOND);
  return { loadMs, idleCpuPerSecond };
}

/**
 * Asks one question on the page's session, times it, then answers it in the page; where that
 * fails, the question is cancelled and the round counts as failed.
 */
async function askOnce(
  demo: RunningDemo,
  fresh: FreshPage,
  contender: Contender,
  sessionKey: string,
  opened: { loadMs: number; idleCpuPerSecond: number },
): Promise<Sample> {
  const { page } = fresh;
  if (await isShown(page, contender.questionUi)) throw new Error("a question UI showed already");
  await startWatch(page, contender.questionUi, true, WATCH_TIMEOUT_MS);
  const question = nextQuestion();
  const sentAt = Date.now();
  const { id } = await withTimeout(
    demo.api.request({ questions: [question], sessionKey }),
    REQUEST_TIMEOUT_MS,
    "question.request",
  );
  try {
    const visible = await watched(page);
    if (visible === null) throw new Error(`the question UI did not show in ${WATCH_TIMEOUT_MS} ms`);
    const frame = toFrameStamp(
      await page.evaluate(`window.__askCold.frames[${JSON.stringify(id)}]`),
    );
    if (frame === null) throw new Error("no question.requested frame reached a WebSocket handler");
    const frameMs = frame.wallMs - sentAt;
    const sentPerf = frame.perfMs - frameMs;
    const long = longEntriesBetween(
      await page.evaluate("window.__askCold.long"),
      sentPerf,
      frame.perfMs,
    );
    const frameTaskMs = frame.nextTaskMs === null ? Number.NaN : frame.nextTaskMs - frame.perfMs;
    const warmUpEndedAt = await page.evaluate("window.__askCold.warmUpEndedAt");
    const rehearsedBefore =
      contender.name !== "kit"
        ? null
        : typeof warmUpEndedAt === "number" && warmUpEndedAt < sentPerf;
    return {
      visibleMs: visible.wallMs - sentAt,
      frameMs,
      frameTaskMs,
      long,
      rehearsedBefore,
      ...opened,
    };
  } finally {
    await answerInPage(page, contender, question.options[0]?.label ?? "").catch(
      async (error: unknown) => {
        await withTimeout(demo.api.cancel(id), REQUEST_TIMEOUT_MS, "question.cancel").catch(
          () => undefined,
        );
        throw new Error(`answering in the page failed: ${messageOf(error)}`);
      },
    );
  }
}

/**
 * Ends a timed question as its user would: the first option, then Submit. The next question then
 * meets the page a user's later question meets (the answer's summary in the chat, the composer
 * back), not the notice a question withdrawn by the agent leaves.
 */
async function answerInPage(page: Page, contender: Contender, label: string): Promise<void> {
  const questionUi = page.locator(contender.questionUi).first();
  await questionUi.getByRole("radio", { name: label }).click({ timeout: ANSWER_TIMEOUT_MS });
  await questionUi.getByRole("button", { name: "Submit" }).click({ timeout: ANSWER_TIMEOUT_MS });
  await questionUi.waitFor({ state: "detached", timeout: ANSWER_TIMEOUT_MS });
  await page.mouse.move(0, 0);
}

/** The page runs a fixed loop; its time in each mode says what the throttling really does. */
async function calibrate(page: Page): Promise<number> {
  return page.evaluate<number>(
    `(() => { const t = performance.now(); let x = 0; for (let i = 0; i < ${CALIBRATION_LOOP}; i += 1) x = (x + i * 7) % 1000003; return performance.now() - t + (x < 0 ? 1 : 0); })()`,
  );
}

/** The warm questions on a page whose first question just showed, each after the previous is gone. */
async function warmQuestions(
  demo: RunningDemo,
  fresh: FreshPage,
  contender: Contender,
  sessionKey: string,
  figures: Figures,
): Promise<void> {
  const opened = { loadMs: Number.NaN, idleCpuPerSecond: Number.NaN };
  for (let question = 0; question <= WARM_PER_LOAD; question += 1) {
    try {
      await startWatch(fresh.page, contender.questionUi, false, WATCH_TIMEOUT_MS);
      if ((await watched(fresh.page)) === null) throw new Error("the answered question stayed");
      if (question === WARM_PER_LOAD) return;
      await sleep(WARM_GAP_MS);
      figures.warm.push(await askOnce(demo, fresh, contender, sessionKey, opened));
    } catch (error) {
      figures.failures.push(`warm question ${question + 1}: ${messageOf(error)}`);
    }
  }
}

/**
 * One cold load: a fresh context, the page, an idle, one question, then the warm questions; the
 * context closed after. The first round's page also runs the calibration loop (its time, returned).
 */
async function coldLoad(
  demo: RunningDemo,
  browser: Browser,
  mode: Mode,
  contender: Contender,
  figures: Figures,
  calibrating: boolean,
): Promise<number | null> {
  const fresh = await freshPage(browser, mode);
  try {
    const sessionKey = await newSession(demo, contender.name);
    const opened = await openAndIdle(fresh, contender, sessionKey);
    figures.cold.push(await askOnce(demo, fresh, contender, sessionKey, opened));
    await warmQuestions(demo, fresh, contender, sessionKey, figures);
    return calibrating ? await calibrate(fresh.page) : null;
  } finally {
    await fresh.close();
  }
}

/** One more cold kit load, traced from before its navigation until its question showed. */
async function tracedKitLoad(
  demo: RunningDemo,
  browser: Browser,
  mode: Mode,
  kit: Contender,
): Promise<WaitFigures | string> {
  const fresh = await freshPage(browser, mode);
  try {
    const sessionKey = await newSession(demo, kit.name);
    let frameMs = 0;
    const trace = await recordTrace(fresh.cdp, async () => {
      const opened = await openAndIdle(fresh, kit, sessionKey);
      frameMs = (await askOnce(demo, fresh, kit, sessionKey, opened)).frameMs;
    });
    return analyzeWait(trace.events, frameMs);
  } catch (error) {
    return `the traced load failed: ${messageOf(error)}`;
  } finally {
    await fresh.close();
  }
}

/**
 * One more cold kit load, throttled as a phone, its calls counted: what its question's frame ran
 * that nothing on the page had run before.
 */
async function coveredKitLoad(
  demo: RunningDemo,
  browser: Browser,
  mode: Mode,
  kit: Contender,
  locate: SourceLocator,
): Promise<FirstRunFunction[] | string> {
  const fresh = await freshPage(browser, mode);
  try {
    await startCallCounts(fresh.cdp);
    const sessionKey = await newSession(demo, kit.name);
    const opened = await openAndIdle(fresh, kit, sessionKey);
    return await firstRunInFrame(
      fresh.cdp,
      () => fresh.page.evaluate("window.__askCold.stopAfterFrame = true"),
      () => askOnce(demo, fresh, kit, sessionKey, opened),
      locate,
    );
  } catch (error) {
    return `the counted load failed: ${messageOf(error)}`;
  } finally {
    await fresh.close();
  }
}

async function runMode(
  demo: RunningDemo,
  browser: Browser,
  mode: Mode,
  contenders: Contender[],
): Promise<ModeRun> {
  const byContender = new Map<ContenderName, Figures>(
    contenders.map((entry) => [entry.name, { cold: [], warm: [], failures: [] }]),
  );
  let loopMs: number | null = null;
  const rounds = Math.max(...contenders.map((entry) => loadsOf(entry.name)));
  for (let round = 0; round < rounds; round += 1) {
    const order = (round % 2 === 0 ? contenders : [...contenders].reverse()).filter(
      (entry) => round < loadsOf(entry.name),
    );
    progress(
      `${mode.name}: round ${round + 1}/${rounds} (${order.map((c) => c.name).join(", ")}), a cold question and ${WARM_PER_LOAD} warm ones each`,
    );
    for (const contender of order) {
      const figures = byContender.get(contender.name);
      if (figures === undefined) continue;
      try {
        const loop = await coldLoad(demo, browser, mode, contender, figures, round === 0);
        loopMs ??= loop;
      } catch (error) {
        figures.failures.push(`cold round ${round + 1}: ${messageOf(error)}`);
      }
    }
  }
  const kit = contenders.find((entry) => entry.name === "kit");
  let trace: WaitFigures | string | null = null;
  if (process.env.ASK_BENCH_COLD_TRACE === "1" && kit !== undefined) {
    progress(`${mode.name}: one more cold load of the kit's page, traced`);
    trace = await tracedKitLoad(demo, browser, mode, kit);
  }
  return { mode, byContender, loopMs, trace };
}

const figure = (value: number) =>
  Number.isNaN(value)
    ? "-"
    : Math.abs(value) < 10
      ? value.toFixed(1)
      : Math.round(value).toString();
const medianOf = (values: number[]) => stats(values).median;
const pair = ({ median, max }: Stats) => `${figure(median)} / ${figure(max)}`;
const times = (value: number) => (Number.isNaN(value) ? "-" : `${value.toFixed(2)}x`);
const verdict = (value: number, goal: number) =>
  Number.isNaN(value) ? "no figure" : value <= goal ? "PASS" : "FAIL";

/** What the header states about the run. */
type RunFacts = {
  openclaw: string;
  chromium: string;
  loadAtStart: number;
  loadAtEnd: number;
  commit: string;
};

function header(facts: RunFacts, runs: ModeRun[]): string[] {
  const loops = runs
    .map((run) => `${run.mode.name} ${run.loopMs === null ? "-" : `${figure(run.loopMs)} ms`}`)
    .join(", ");
  return [
    "",
    "Cold first question: OpenClaw's stock Control UI vs the kit's demo page, each page loaded anew for one question",
    `  setup     one real OpenClaw ${facts.openclaw} gateway (loopback, no plugin installed: its Control UI is stock); one Chromium ${facts.chromium} (headless, ${VIEWPORT.width}x${VIEWPORT.height}); the kit's demo page as a production build (vite build, served by vite preview) of ${facts.commit}`,
    `  cold      each load in a fresh browser context: empty HTTP cache (so no V8 code cache), no storage, a new renderer; the page loads, is ready (Control UI: its composer; kit: "Connected"), idles ${IDLE_MS / MS_PER_SECOND} s, and gets one question on a session of its own; then the context closes`,
    `  loads     per CPU mode: OpenClaw ${LOADS}, the kit ${KIT_LOADS} (its ratio to its own warm median is the close one), interleaved while both load (the order alternates every round)`,
    `  warm      every loaded page gets ${WARM_PER_LOAD} more questions after its cold one, on its session, each asked ${WARM_GAP_MS} ms after the previous one was answered in the page (its first option, Submit) and gone: the warm median is over ${WARM_PER_LOAD} x the loads' questions, asked across the same rounds as the cold ones`,
    TEXT_MODE === "distinct"
      ? `  text      every question its own words (${QUESTION_TEXTS.length} questions in turn, numbered by round): a warm page's text caches hold nothing the next question says (ASK_BENCH_COLD_TEXT=same asks one question throughout)`
      : "  text      the same question throughout (ASK_BENCH_COLD_TEXT=same): a warm page has shaped and drawn its words before",
    "  CPU       normal, then Emulation.setCPUThrottlingRate 4 set before the navigation (the load runs throttled too)",
    `            a fixed script loop took ${loops}`,
    `  machine   ${availableParallelism()} cores, load average ${facts.loadAtStart.toFixed(1)} at start, ${facts.loadAtEnd.toFixed(1)} at end`,
    "Figures (ms; both ends read the same system clock):",
    "  send->visible   Date.now() in Node before question.request -> the page's first animation frame with the question UI laid out",
    "  frame delay     the same send -> the question.requested frame reaching the page's WebSocket message handler (a listener added",
    "                  before the page's own): the gateway's and the socket's time plus what the page's main thread made it wait",
    "  frame work      that handler -> a message it posts runs: the frame's own task, and whatever Chromium runs before that",
    "                  message (often the rendering update): the page's work for the question, an upper bound",
    `  load            the navigation -> ready; idle CPU: main-thread CPU time (CDP ThreadTime) in the idle's last ${IDLE_TAIL_MS / MS_PER_SECOND} s`,
    "                  (normal CPU only: throttled, Chromium's pauses count as thread time)",
  ];
}

const COLUMNS = [
  "visible",
  "frame delay",
  "frame work",
  "visible",
  "frame delay",
  "frame work",
  "cold/warm",
  "load",
  "idle CPU",
];
const LABEL_WIDTH = 28;
const CELL_WIDTH = 12;
const PAIR_WIDTH = 14;
const COLUMN_WIDTHS = [
  PAIR_WIDTH,
  PAIR_WIDTH,
  PAIR_WIDTH,
  CELL_WIDTH,
  CELL_WIDTH,
  CELL_WIDTH,
  CELL_WIDTH,
  CELL_WIDTH,
  CELL_WIDTH,
];

const row = (label: string, cells: string[]) =>
  `  ${label.padEnd(LABEL_WIDTH)}${cells.map((text, index) => text.padEnd(COLUMN_WIDTHS[index] ?? CELL_WIDTH)).join("")}`.trimEnd();

function modeTable(run: ModeRun, contenders: Contender[]): string[] {
  const cold = PAIR_WIDTH * 3;
  const warm = CELL_WIDTH * 3;
  const lines = [
    `${run.mode.name}, ms (n = cold loads / warm questions):`,
    `  ${"".padEnd(LABEL_WIDTH)}${"cold: median / worst".padEnd(cold)}${"warm: median".padEnd(warm)}${"".padEnd(CELL_WIDTH)}${"cold: median".padEnd(CELL_WIDTH * 2)}`,
    row("", COLUMNS),
  ];
  for (const contender of contenders) {
    const figures = run.byContender.get(contender.name);
    if (figures === undefined) continue;
    const coldOf = (value: (sample: Sample) => number) => stats(figures.cold.map(value));
    const warmOf = (value: (sample: Sample) => number) => medianOf(figures.warm.map(value));
    const coldVisible = coldOf((sample) => sample.visibleMs);
    const warmVisible = warmOf((sample) => sample.visibleMs);
    // ThreadTime is not the page's own CPU time when the CPU is throttled.
    const idleCpu =
      run.mode.rate === 1 ? coldOf((sample) => sample.idleCpuPerSecond).median : Number.NaN;
    const cells = [
      pair(coldVisible),
      pair(coldOf((sample) => sample.frameMs)),
      pair(coldOf((sample) => sample.frameTaskMs)),
      figure(warmVisible),
      figure(warmOf((sample) => sample.frameMs)),
      figure(warmOf((sample) => sample.frameTaskMs)),
      times(coldVisible.median / warmVisible),
      figure(coldOf((sample) => sample.loadMs).median),
      Number.isNaN(idleCpu) ? "-" : `${figure(idleCpu)}/s`,
    ];
    lines.push(row(`${contender.label} (${figures.cold.length}/${figures.warm.length})`, cells));
  }
  const kit = run.byContender.get("kit");
  const openclaw = run.byContender.get("openclaw");
  if (kit !== undefined && openclaw !== undefined) {
    const kitCold = medianOf(kit.cold.map((sample) => sample.visibleMs));
    const kitWarm = medianOf(kit.warm.map((sample) => sample.visibleMs));
    const openclawCold = medianOf(openclaw.cold.map((sample) => sample.visibleMs));
    const ownRatio = kitCold / kitWarm;
    const againstRatio = kitCold / openclawCold;
    const rehearsed = kit.cold.filter((sample) => sample.rehearsedBefore === true);
    const rehearsedMedian = medianOf(rehearsed.map((sample) => sample.visibleMs));
    lines.push(
      `  kit: the rehearsal had ended before the send in ${rehearsed.length}/${kit.cold.length} cold loads${rehearsed.length === 0 ? "" : ` (their cold median ${figure(rehearsedMedian)} ms, ${times(rehearsedMedian / kitWarm)} the warm)`}`,
      `  kit cold / OpenClaw cold (medians): ${times(againstRatio)}`,
      `  Goal: kit cold send->visible <= ${KIT_COLD_GOAL}x the kit's warm median: ${times(ownRatio)}: ${verdict(ownRatio, KIT_COLD_GOAL)}`,
      `  Goal: kit cold send->visible <= ${KIT_VS_OPENCLAW_GOAL}x OpenClaw's cold first question: ${times(againstRatio)}: ${verdict(againstRatio, KIT_VS_OPENCLAW_GOAL)}`,
    );
  }
  return lines;
}

/** Where a long animation frame's script is, mapped through the production build's source map. */
type ScriptLocator = (script: LongScript) => Promise<string>;

/** Char positions (which long animation frames give) as 1-based lines and columns of the script. */
function createScriptLocator(locate: SourceLocator): ScriptLocator {
  const texts = new Map<string, Promise<string | null>>();
  const textOfUrl = (url: string) => {
    let text = texts.get(url);
    if (text === undefined) {
      text = fetch(url)
        .then((response) => (response.ok ? response.text() : null))
        .catch(() => null);
      texts.set(url, text);
    }
    return text;
  };
  return async (script) => {
    const name = `${script.invoker}${script.sourceFunctionName === "" ? "" : ` -> ${script.sourceFunctionName}`}`;
    if (script.sourceURL === "" || script.sourceCharPosition < 0) return name;
    const text = await textOfUrl(script.sourceURL);
    if (text === null) return `${name} (${script.sourceURL}@${script.sourceCharPosition})`;
    const site = callSiteAt(
      text,
      script.sourceCharPosition,
      script.sourceFunctionName,
      script.sourceURL,
    );
    return `${script.invoker}: ${await locate(site)}`;
  };
}

/** A long task that began before the frame's handler ran (Date.now() is whole ms: 1.5 ms slack). */
const blocksFrame = (entry: LongEntry, sample: Sample) =>
  entry.kind === "longtask" && entry.offsetMs < sample.frameMs - 1.5;

async function blockingLines(cold: Sample[], locateScript: ScriptLocator): Promise<string[]> {
  const hit = cold.filter((sample) => sample.long.some((entry) => blocksFrame(entry, sample)));
  const lines = [
    `  long tasks (>= 50 ms) that began after the send and before the frame's handler: in ${hit.length}/${cold.length} cold loads`,
  ];
  for (const sample of hit) {
    const entries = await Promise.all(
      sample.long.map(async (entry) => {
        const scripts = [...entry.scripts]
          .sort((left, right) => right.durationMs - left.durationMs)
          .slice(0, LONG_SCRIPTS_SHOWN);
        const named = await Promise.all(
          scripts.map(
            async (script) => `${figure(script.durationMs)} ms ${await locateScript(script)}`,
          ),
        );
        const at = `${entry.kind} at ${figure(entry.offsetMs)} ms, ${figure(entry.durationMs)} ms`;
        return named.length === 0 ? at : `${at}: ${named.join("; ")}`;
      }),
    );
    lines.push(`    frame delay ${figure(sample.frameMs)} ms: ${entries.join(" | ")}`);
  }
  return lines;
}

/** The scripts long animation frames name in the frame's own work, each once, by loads it ran in. */
async function ownWorkLines(cold: Sample[], locateScript: ScriptLocator): Promise<string[]> {
  const seen = new Map<string, number[]>();
  for (const sample of cold) {
    const own = sample.long.filter(
      (entry) => entry.kind === "long-animation-frame" && !blocksFrame(entry, sample),
    );
    for (const script of own.flatMap((entry) => entry.scripts)) {
      const name = await locateScript(script);
      seen.set(name, [...(seen.get(name) ?? []), script.durationMs]);
    }
  }
  const lines = [
    `  the frame's own work, as long animation frames (>= 50 ms) name its scripts${seen.size === 0 ? ": none that long" : ":"}`,
  ];
  for (const [name, durations] of [...seen].sort(
    (left, right) => right[1].length - left[1].length,
  )) {
    lines.push(
      `    in ${durations.length}/${cold.length} loads, ${figure(medianOf(durations))} ms (median): ${name}`,
    );
  }
  return lines;
}

async function siteText(site: CallSite, locate: SourceLocator): Promise<string> {
  if (site.line === 0) return `${site.functionName} ${site.url}`;
  return locate(site);
}

async function taskText(task: WaitTask, locate: SourceLocator, label: string): Promise<string> {
  // Calls with no script URL are the bench's own watchers, installed with page.evaluate.
  const calls = task.calls.filter((site) => site.url !== "");
  const sites = await Promise.all(
    calls.slice(0, CALLS_SHOWN).map((site) => siteText(site, locate)),
  );
  const more = calls.length > CALLS_SHOWN ? ` and ${calls.length - CALLS_SHOWN} more` : "";
  const called =
    sites.length === 0 ? "" : `\n        calls ${sites.join("\n        calls ")}${more}`;
  return `    ${label} at ${figure(task.offsetMs)} ms, ${figure(task.durationMs)} ms (${figure(task.overlapMs)} in the wait), posted from ${task.postedFrom}: ${task.parts.join(", ")}${called}`;
}

async function traceLines(
  trace: WaitFigures | string | null,
  locate: SourceLocator,
): Promise<string[]> {
  if (trace === null)
    return ["  trace: not taken (ASK_BENCH_COLD_TRACE=1 traces one more cold load per mode)"];
  if (typeof trace === "string") return [`  trace: ${trace}`];
  const shown = [...trace.tasks]
    .sort((left, right) => right.overlapMs - left.overlapMs)
    .slice(0, WAIT_TASKS_SHOWN)
    .sort((left, right) => left.offsetMs - right.offsetMs);
  const lines = [
    `  trace of one more cold load (self time by event; calls: outermost JavaScript): from the send to the task that received the frame, the main thread ran ${trace.tasks.length} tasks for ${figure(trace.busyMs)} ms, and was free for the last ${figure(trace.freeBeforeFrameMs)} ms before it`,
  ];
  for (const task of shown) lines.push(await taskText(task, locate, "task"));
  lines.push(await taskText(trace.frameTask, locate, "the frame's task"));
  if (trace.threadWarning !== null) lines.push(`  warning: ${trace.threadWarning}`);
  return lines;
}

async function waitedOn(run: ModeRun, locate: SourceLocator): Promise<string[]> {
  const kit = run.byContender.get("kit");
  const openclaw = run.byContender.get("openclaw");
  if (kit === undefined) return [];
  const read =
    (value: (sample: Sample) => number) => (figures: Figures | undefined, key: "cold" | "warm") =>
      figures === undefined ? "-" : pair(stats(figures[key].map(value)));
  const frame = read((sample) => sample.frameMs);
  const task = read((sample) => sample.frameTaskMs);
  const locateScript = createScriptLocator(locate);
  return [
    `What the kit's first frame waited on (${run.mode.name}): frame delay median / worst, cold ${frame(kit, "cold")} vs warm ${frame(kit, "warm")} ms; OpenClaw cold ${frame(openclaw, "cold")}, warm ${frame(openclaw, "warm")} ms`,
    ...(await blockingLines(kit.cold, locateScript)),
    `  the frame's work (handler -> a message it posts runs) median / worst: cold ${task(kit, "cold")} vs warm ${task(kit, "warm")} ms; OpenClaw cold ${task(openclaw, "cold")}, warm ${task(openclaw, "warm")} ms`,
    ...(await ownWorkLines(kit.cold, locateScript)),
    ...(await traceLines(run.trace, locate)),
  ];
}

const FIRST_RUN_SHOWN = 12;
const OWNERS: CodeOwner[] = ["kit", "demo page", "other"];

function firstRunLines(mode: Mode, found: FirstRunFunction[] | string): string[] {
  const title = `What the kit's cold question ran for the first time on its page (one more load, ${mode.name}; V8 precise coverage read as the question frame's task ends: each was compiled then, while the question waited)`;
  if (typeof found === "string") return [`${title}: ${found}`];
  const owners = OWNERS.map((owner) => {
    const owned = found.filter((entry) => entry.owner === owner);
    return `${owner} ${owned.length} (${owned.reduce((sum, entry) => sum + entry.bytes, 0)} B)`;
  });
  return [
    `${title}: ${found.length} functions; ${owners.join(", ")}`,
    ...found
      .slice(0, FIRST_RUN_SHOWN)
      .map(
        (entry) =>
          `  ${`${entry.bytes} B`.padStart(8)} ${`${entry.calls} call${entry.calls === 1 ? "" : "s"}`.padStart(10)}  ${entry.where}`,
      ),
    ...(found.length > FIRST_RUN_SHOWN ? [`  (${found.length - FIRST_RUN_SHOWN} more)`] : []),
  ];
}

function failureLines(runs: ModeRun[], contenders: Contender[]): string[] {
  const failed = runs.flatMap((run) =>
    contenders.flatMap((contender) =>
      (run.byContender.get(contender.name)?.failures ?? []).map(
        (failure) => `  ${run.mode.name}, ${contender.label}, ${failure}`,
      ),
    ),
  );
  return [`Failed rounds: ${failed.length}${failed.length > 0 ? ":" : ""}`, ...failed];
}

async function commitOf(): Promise<string> {
  const { execFile } = await import("node:child_process");
  return new Promise((resolve) => {
    execFile("git", ["log", "-1", "--format=%h"], (error, stdout) => {
      if (error !== null) return resolve("an unknown commit");
      execFile("git", ["status", "--porcelain", "--", "src"], (_, changes) => {
        const dirty = changes.trim() === "" ? "" : " with uncommitted changes under src/";
        resolve(`commit ${stdout.trim()}${dirty}`);
      });
    });
  });
}

/** Starts the real gateway and the demo page, runs both CPU modes, prints the figures. */
export async function benchColdFirst(): Promise<void> {
  started = Date.now();
  const loadAtStart = loadavg()[0] ?? 0;
  let demo: RunningDemo | null = null;
  let browser: Browser | null = null;
  try {
    progress("starting the real gateway (no plugin) and building the demo page (production)...");
    demo = await startDemo({ openclaw: {}, production: true, log: progress });
    browser = await launchChromium();
    const contenders = [openclawContender(demo), kitContender(demo)];
    const runs: ModeRun[] = [];
    for (const mode of MODES) runs.push(await runMode(demo, browser, mode, contenders));
    const locate = createSourceLocator();
    const phone = MODES.at(-1) ?? MODES[0];
    const kit = contenders.find((entry) => entry.name === "kit");
    progress(`${phone?.name}: one more cold load of the kit's page, its calls counted`);
    const firstRun =
      phone === undefined || kit === undefined
        ? "not taken"
        : await coveredKitLoad(demo, browser, phone, kit, locate);
    const facts: RunFacts = {
      openclaw: await openclawVersion(),
      chromium: browser.version(),
      loadAtStart,
      loadAtEnd: loadavg()[0] ?? 0,
      commit: await commitOf(),
    };
    const lines = [...header(facts, runs)];
    for (const run of runs) lines.push("", ...modeTable(run, contenders));
    for (const run of runs) lines.push("", ...(await waitedOn(run, locate)));
    if (phone !== undefined) lines.push("", ...firstRunLines(phone, firstRun));
    lines.push("", ...failureLines(runs, contenders));
    lines.push(`Elapsed: ${Math.round((Date.now() - started) / MS_PER_SECOND)} s`);
    console.log(lines.join("\n"));
  } finally {
    await browser?.close();
    await demo?.close();
  }
}
