/**
 * What the browser part of `npm run bench` records and reads: a Chromium trace of the page from a
 * question's WebSocket frame to the first paint that shows the dock.
 *
 * How each figure is derived, all from one trace per round, on the page's renderer main thread
 * (the thread that emitted the frame's mark; checked to be named CrRendererMain):
 * - the frame's arrival: an init script adds a `message` listener to every WebSocket as it is
 *   constructed, so it runs before the app's own handler; for a frame whose text holds
 *   `"event":"question.requested"` it calls `console.timeStamp("ask-frame")`, a TimeStamp event
 *   inside the task that received the frame. The window starts where that task starts.
 * - the first paint that shows the dock: a MutationObserver, armed before the question is asked,
 *   calls `console.timeStamp("ask-dock-shown")` in the microtask checkpoint of the first DOM
 *   change after which the dock's element exists (it reads no layout, so it forces none). The
 *   window ends at the first Paint (or Commit, when nothing was painted) that starts after it.
 *   For the floor (a question for another session, which the page does not show) the window ends
 *   at the first Paint or Commit after the frame's task, the page's next frame (with the composer
 *   focused, at the latest its caret's blink), or 1 s after the frame if none comes.
 * - tasks: top-level tasks (RunTask / ThreadControllerImpl::RunTask events) that start in the
 *   window and run script in it before its end (FunctionCall, EvaluateScript, RunMicrotasks, TimerFire,
 *   FireAnimationFrame, FireIdleCallback or any v8.execute event). The task that received the
 *   frame is one; the rendering task that paints counts too when it runs script (rAF callbacks)
 *   before the Paint.
 * - forced layouts: Layout events in the window nested (by time, on the same thread) inside
 *   FunctionCall / EventDispatch / RunMicrotasks / TimerFire / FireAnimationFrame / EvaluateScript
 *   or v8.execute events. Where it came from: the top frame of the Layout's own stack trace
 *   (disabled-by-default-devtools.timeline.stack), else the enclosing FunctionCall's data.
 * - frame->paint ms: from the start of the task that received the frame to the start of that Paint.
 * - script ms: wall time in the outermost script events of the window, less the layouts and style
 *   recalculations nested in them (counted as rendering, as DevTools does) and less the bench's own
 *   two listeners (named askBench*, a few µs each).
 * Trace positions (line:column) are 1-based, as the trace gives them; `createSourceLocator` maps
 * them through the production build's source maps to the kit's sources.
 */
import { writeFile } from "node:fs/promises";
import { SourceMap, type SourceMapPayload } from "node:module";
import type { CDPSession } from "playwright-core";

export const FRAME_MARK = "ask-frame";
export const SHOWN_MARK = "ask-dock-shown";

// Plain JavaScript, installed with `page.addInitScript` before the app's own scripts run. The two
// functions are named so their trace events can be told from the app's.
export const SHOW_TRACE_INIT_SOURCE = `(() => {
  if (window.__askShowTrace) return;
  const frameText = '"event":"question.requested"';
  function askBenchFrameStamp(event) {
    if (typeof event.data === "string" && event.data.includes(frameText)) {
      console.timeStamp(${JSON.stringify(FRAME_MARK)});
    }
  }
  window.WebSocket = new Proxy(window.WebSocket, {
    construct(target, args) {
      const socket = Reflect.construct(target, args);
      socket.addEventListener("message", askBenchFrameStamp);
      return socket;
    },
  });
  let observer = null;
  const probe = { shown: Promise.resolve(false) };
  probe.arm = (selector, timeoutMs) => {
    if (observer !== null) observer.disconnect();
    probe.shown = new Promise((resolve) => {
      const finish = (shown) => {
        observer.disconnect();
        clearTimeout(timer);
        resolve(shown);
      };
      function askBenchDockProbe() {
        if (document.querySelector(selector) === null) return;
        console.timeStamp(${JSON.stringify(SHOWN_MARK)});
        finish(true);
      }
      observer = new MutationObserver(askBenchDockProbe);
      const timer = setTimeout(() => finish(false), timeoutMs);
      observer.observe(document.documentElement, { childList: true, subtree: true });
    });
  };
  window.__askShowTrace = probe;
})()`;

const PROBE_FUNCTIONS = new Set(["askBenchFrameStamp", "askBenchDockProbe"]);

const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.stack",
  "v8.execute",
  "toplevel",
  "blink.user_timing",
];
/** Chromium starts tracing in the renderer a moment after `Tracing.start` answers. */
const TRACING_SETTLE_MS = 150;
const US_PER_MS = 1000;
/** The floor's window, when the page paints nothing after the frame. */
const FLOOR_CAP_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One event of a Chrome trace, as `Tracing.dataCollected` delivers it. */
export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur: number | null;
  pid: number;
  tid: number;
  args: Record<string, unknown>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function toTraceEvent(value: unknown): TraceEvent | null {
  if (!isRecord(value)) return null;
  const { name, cat, ph, ts, dur, pid, tid, args } = value;
  if (typeof name !== "string" || typeof ph !== "string" || typeof ts !== "number") return null;
  if (typeof pid !== "number" || typeof tid !== "number") return null;
  return {
    name,
    cat: typeof cat === "string" ? cat : "",
    ph,
    ts,
    dur: typeof dur === "number" ? dur : null,
    pid,
    tid,
    args: isRecord(args) ? args : {},
  };
}

/** One recorded trace: the events as read here, and as Chromium gave them (for DevTools). */
export type Trace = { events: TraceEvent[]; raw: unknown[] };

/** Traces the browser while `during` runs; tracing stops even when `during` fails. */
export async function recordTrace(cdp: CDPSession, during: () => Promise<void>): Promise<Trace> {
  const raw: unknown[] = [];
  const collect = ({ value }: { value: unknown[] }) => {
    raw.push(...value);
  };
  cdp.on("Tracing.dataCollected", collect);
  try {
    await cdp.send("Tracing.start", {
      transferMode: "ReportEvents",
      traceConfig: { includedCategories: TRACE_CATEGORIES },
    });
    try {
      await sleep(TRACING_SETTLE_MS);
      await during();
    } finally {
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
    }
  } finally {
    cdp.off("Tracing.dataCollected", collect);
  }
  return { events: raw.map(toTraceEvent).filter((event) => event !== null), raw };
}

/** Writes a trace that DevTools' Performance panel opens. */
export async function saveTrace(trace: Trace, path: string): Promise<void> {
  await writeFile(path, JSON.stringify({ traceEvents: trace.raw }));
}

/** A JavaScript position as the trace gives it (1-based line and column). */
export type CallSite = { functionName: string; url: string; line: number; column: number };

/** The call site `offset` characters into a script's `text`, as a source map counts (from 1). */
export function callSiteAt(
  text: string,
  offset: number,
  functionName: string,
  url: string,
): CallSite {
  const upTo = text.slice(0, offset);
  return {
    functionName,
    url,
    line: upTo.split("\n").length,
    column: offset - upTo.lastIndexOf("\n"),
  };
}

/** A Layout that script forced before the paint. */
export type ForcedLayout = {
  durationMs: number;
  /** The script event it ran in, e.g. "FireAnimationFrame" or "RunMicrotasks". */
  context: string;
  /** Innermost first; empty when the trace has no stack for it. */
  stack: CallSite[];
  inFrameTask: boolean;
};

/** A main-thread task that ran script in the window. */
export type ScriptTask = {
  offsetMs: number;
  durationMs: number;
  /** Where Chromium posted the task from, e.g. "DOMTimer (dom_timer.cc)". */
  postedFrom: string;
  /** Its outermost script events in order, e.g. "EventDispatch pointerout x3", "TimerFire". */
  parts: string[];
  /** The outermost JavaScript functions it called. */
  calls: CallSite[];
  receivedFrame: boolean;
};

/** What the main thread did in one window. */
export type WindowFigures = {
  tasks: ScriptTask[];
  forcedLayouts: ForcedLayout[];
  lengthMs: number;
  scriptMs: number;
  /** Script time in the task that received the frame alone. */
  frameTaskScriptMs: number;
  /** What ended the window: the paint, a commit with nothing painted, or the floor's cap. */
  end: "Paint" | "Commit" | "cap";
  /** The thread's name, when it is not CrRendererMain (a sign the wrong thread was read). */
  threadWarning: string | null;
};

export type WindowResult = { ok: true; figures: WindowFigures } | { ok: false; reason: string };

/** A trace event with a duration, and its parent on the same thread. */
type Span = {
  name: string;
  cat: string;
  start: number;
  end: number;
  args: Record<string, unknown>;
  parent: Span | null;
};

const SCRIPT_NAMES = new Set([
  "FunctionCall",
  "EvaluateScript",
  "v8.evaluateModule",
  "RunMicrotasks",
  "TimerFire",
  "FireAnimationFrame",
  "FireIdleCallback",
]);
const RENDER_NAMES = new Set(["Layout", "UpdateLayoutTree"]);
const PAINT_NAMES = new Set(["Paint", "Commit"]);
const MOJO_FILES = new Set(["simple_watcher.cc", "connector.cc", "ipc_mojo_bootstrap.cc"]);

const isScript = (span: Span) => SCRIPT_NAMES.has(span.name) || span.cat.includes("v8.execute");
const forcesLayout = (span: Span) => isScript(span) || span.name === "EventDispatch";

function dataOf(span: Span): Record<string, unknown> {
  const data = span.args.data;
  return isRecord(data) ? data : {};
}

function callSiteOf(value: unknown): CallSite | null {
  if (!isRecord(value)) return null;
  const { functionName, url, lineNumber, columnNumber } = value;
  if (typeof lineNumber !== "number" || typeof columnNumber !== "number") return null;
  return {
    functionName: typeof functionName === "string" ? functionName : "",
    url: typeof url === "string" ? url : "",
    line: lineNumber,
    column: columnNumber,
  };
}

const isProbe = (span: Span) =>
  span.name === "FunctionCall" && PROBE_FUNCTIONS.has(callSiteOf(dataOf(span))?.functionName ?? "");

/** Complete events, and begin/end pairs, of one thread as spans nested by time. */
function threadSpans(events: TraceEvent[], pid: number, tid: number): Span[] {
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  const ofThread = events
    .filter((event) => event.pid === pid && event.tid === tid)
    .sort((left, right) => left.ts - right.ts);
  for (const event of ofThread) {
    const base = { name: event.name, cat: event.cat, start: event.ts, args: event.args };
    if (event.ph === "X") spans.push({ ...base, end: event.ts + (event.dur ?? 0), parent: null });
    else if (event.ph === "B") open.push(event);
    else if (event.ph === "E") {
      const index = open.findLastIndex((begin) => begin.name === event.name);
      const begin = open[index];
      if (begin === undefined) continue;
      open.splice(index, 1);
      const args = { ...begin.args, ...event.args };
      spans.push({
        name: begin.name,
        cat: begin.cat,
        start: begin.ts,
        end: event.ts,
        args,
        parent: null,
      });
    }
  }
  spans.sort((left, right) => left.start - right.start || right.end - left.end);
  const stack: Span[] = [];
  for (const span of spans) {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) < span.end) stack.pop();
    span.parent = stack.at(-1) ?? null;
    stack.push(span);
  }
  return spans;
}

function ancestors(span: Span): Span[] {
  const chain: Span[] = [];
  for (let parent = span.parent; parent !== null; parent = parent.parent) chain.push(parent);
  return chain;
}

function markOf(events: TraceEvent[], message: string): TraceEvent | undefined {
  return events.find((event) => {
    const data = event.args.data;
    return event.name === "TimeStamp" && isRecord(data) && data.message === message;
  });
}

function threadName(events: TraceEvent[], pid: number, tid: number): string {
  const meta = events.find(
    (event) => event.name === "thread_name" && event.pid === pid && event.tid === tid,
  );
  const name = meta?.args.name;
  return typeof name === "string" ? name : "(unnamed)";
}

/** The renderer main thread that received the frame, as spans, and the task that received it. */
type MainThread = { spans: Span[]; frameTask: Span; warning: string | null };

function mainThreadOf(events: TraceEvent[]): MainThread | string {
  const frame = markOf(events, FRAME_MARK);
  if (frame === undefined) return "the trace holds no frame mark";
  const spans = threadSpans(events, frame.pid, frame.tid);
  const frameTask = spans.find(
    (span) => span.parent === null && span.start <= frame.ts && frame.ts <= span.end,
  );
  if (frameTask === undefined) return "the frame's mark is in no task";
  const name = threadName(events, frame.pid, frame.tid);
  const warning = name === "CrRendererMain" ? null : `the frame arrived on thread ${name}`;
  return { spans, frameTask, warning };
}

const topOf = (span: Span): Span => ancestors(span).at(-1) ?? span;

function postedFrom(task: Span, spans: Span[]): string {
  const posted = [task, ...spans.filter((span) => span.parent === task)].find(
    (span) => typeof span.args.src_func === "string",
  );
  if (posted === undefined) return "unknown";
  const path = typeof posted.args.src_file === "string" ? posted.args.src_file : "";
  const file = path.split("/").at(-1) ?? path;
  // Network data, MessagePort messages and DevTools calls all arrive this way; which one it was,
  // only the script it ran tells.
  return MOJO_FILES.has(file) ? "a Mojo IPC message" : `${String(posted.args.src_func)} (${file})`;
}

const PROMISE_JOBS = "RunMicrotasks (promise jobs)";

function partOf(span: Span): string {
  if (span.name === "EventDispatch") return `EventDispatch ${String(dataOf(span).type ?? "")}`;
  if (span.name === "FireAnimationFrame") return "FireAnimationFrame (rAF)";
  if (span.name === "FunctionCall") {
    return `FunctionCall ${callSiteOf(dataOf(span))?.functionName || "(anonymous)"}`;
  }
  if (span.name === "RunMicrotasks") return PROMISE_JOBS;
  return span.cat.includes("v8.execute") ? `${span.name} (JavaScript)` : span.name;
}

/** "a, a, b" as "a x2, b". */
function compress(labels: string[]): string[] {
  const runs: Array<{ label: string; count: number }> = [];
  for (const label of labels) {
    const last = runs.at(-1);
    if (last?.label === label) last.count += 1;
    else runs.push({ label, count: 1 });
  }
  return runs.map(({ label, count }) => (count > 1 ? `${label} x${count}` : label));
}

const isOutermostCall = (span: Span) =>
  span.name === "FunctionCall" &&
  !isProbe(span) &&
  !ancestors(span).some((parent) => parent.name === "FunctionCall");

/** The spans of one window, with what the figures need to know of each. */
type WindowSpans = {
  window: { start: number; end: number };
  spans: Span[];
  /** Script events (the probe's aside) and the spans that hold one. */
  runsScript: Set<Span>;
};

function windowSpans(main: MainThread, end: number): WindowSpans {
  const window = { start: main.frameTask.start, end };
  const spans = main.spans.filter((span) => span.start >= window.start && span.start < end);
  const runsScript = new Set<Span>();
  for (const span of spans) {
    if (!isScript(span) || isProbe(span)) continue;
    runsScript.add(span);
    for (const parent of ancestors(span)) runsScript.add(parent);
  }
  return { window, spans, runsScript };
}

function scriptTask(task: Span, all: Span[], seen: WindowSpans): ScriptTask {
  const inTask = seen.spans.filter((span) => topOf(span) === task && !isProbe(span));
  const scriptish = (span: Span) =>
    (isScript(span) || span.name === "EventDispatch") && seen.runsScript.has(span);
  const outermost = inTask.filter((span) => scriptish(span) && !ancestors(span).some(scriptish));
  const calls = inTask.filter(isOutermostCall).map((span) => callSiteOf(dataOf(span)));
  return {
    offsetMs: (task.start - seen.window.start) / US_PER_MS,
    durationMs: (task.end - task.start) / US_PER_MS,
    postedFrom: postedFrom(task, all),
    parts: compress(outermost.map(partOf)).filter(
      // React's commit runs as a promise job after the event that scheduled it: no news.
      (part, _, parts) => !part.startsWith(PROMISE_JOBS) || parts.length === 1,
    ),
    calls: calls.filter((site) => site !== null),
    receivedFrame: false,
  };
}

function forcedLayout(layout: Span, frameTask: Span): ForcedLayout {
  const context = ancestors(layout).find(forcesLayout);
  const beginData = layout.args.beginData;
  const traced =
    isRecord(beginData) && Array.isArray(beginData.stackTrace) ? beginData.stackTrace : [];
  const stack = traced.map(callSiteOf).filter((site) => site !== null);
  const call = ancestors(layout).find((span) => span.name === "FunctionCall");
  const enclosing = call === undefined ? null : callSiteOf(dataOf(call));
  return {
    durationMs: (layout.end - layout.start) / US_PER_MS,
    context: context === undefined ? "script" : partOf(context),
    stack: stack.length > 0 ? stack : enclosing === null ? [] : [enclosing],
    inFrameTask: topOf(layout) === frameTask,
  };
}

const sumMs = (spans: Span[], until: number) =>
  spans.reduce((total, span) => total + Math.min(span.end, until) - span.start, 0) / US_PER_MS;

/** Script time: outermost script events, less the rendering nested in them and the probe. */
function scriptMsOf(spans: Span[], until: number): number {
  const outer = new Set(
    spans.filter((span) => isScript(span) && !isProbe(span) && !ancestors(span).some(isScript)),
  );
  const nested = (span: Span) => ancestors(span).some((parent) => outer.has(parent));
  const rendering = spans.filter(
    (span) =>
      RENDER_NAMES.has(span.name) &&
      nested(span) &&
      !ancestors(span).some((parent) => RENDER_NAMES.has(parent.name)),
  );
  const probe = spans.filter((span) => isProbe(span) && nested(span));
  return sumMs([...outer], until) - sumMs(rendering, until) - sumMs(probe, until);
}

function windowFigures(
  main: MainThread,
  end: number,
  endedBy: WindowFigures["end"],
): WindowFigures {
  const seen = windowSpans(main, end);
  const tasks = new Set(
    seen.spans.filter((span) => isScript(span) && seen.runsScript.has(span)).map(topOf),
  );
  const scriptTasks = [...tasks]
    .sort((left, right) => left.start - right.start)
    .map((task) => ({
      ...scriptTask(task, main.spans, seen),
      receivedFrame: task === main.frameTask,
    }));
  const layouts = seen.spans.filter(
    (span) => span.name === "Layout" && ancestors(span).some(forcesLayout),
  );
  const inFrameTask = seen.spans.filter((span) => topOf(span) === main.frameTask);
  return {
    tasks: scriptTasks,
    forcedLayouts: layouts.map((layout) => forcedLayout(layout, main.frameTask)),
    lengthMs: (end - seen.window.start) / US_PER_MS,
    scriptMs: scriptMsOf(seen.spans, end),
    frameTaskScriptMs: scriptMsOf(inFrameTask, end),
    end: endedBy,
    threadWarning: main.warning,
  };
}

const paintOrCommit = (span: Span): span is Span & { name: "Paint" | "Commit" } =>
  PAINT_NAMES.has(span.name);

/** From the question's frame to the first paint after the dock's element appeared. */
export function analyzeShow(events: TraceEvent[]): WindowResult {
  const main = mainThreadOf(events);
  if (typeof main === "string") return { ok: false, reason: main };
  const shown = markOf(events, SHOWN_MARK);
  if (shown === undefined) return { ok: false, reason: "the trace holds no dock-shown mark" };
  const paint = main.spans.find((span) => paintOrCommit(span) && span.start >= shown.ts);
  if (paint === undefined) return { ok: false, reason: "nothing painted after the dock showed" };
  const endedBy = paint.name === "Paint" ? "Paint" : "Commit";
  return { ok: true, figures: windowFigures(main, paint.start, endedBy) };
}

/** From a frame the page shows nothing for to its next frame: the page's floor. */
export function analyzeFloor(events: TraceEvent[]): WindowResult {
  const main = mainThreadOf(events);
  if (typeof main === "string") return { ok: false, reason: main };
  const cap = main.frameTask.start + FLOOR_CAP_MS * US_PER_MS;
  const paint = main.spans.find(
    (span) => paintOrCommit(span) && span.start >= main.frameTask.end && span.start < cap,
  );
  if (paint === undefined) return { ok: true, figures: windowFigures(main, cap, "cap") };
  const endedBy = paint.name === "Paint" ? "Paint" : "Commit";
  return { ok: true, figures: windowFigures(main, paint.start, endedBy) };
}

/** Names a trace position by the source the production build's source map gives for it. */
export type SourceLocator = (site: CallSite) => Promise<string>;

const ROOT_PATH = new URL("../..", import.meta.url).pathname.replace(/^\//, "");

/**
 * A source map's path, relative to the project (`src/react/...`, `node_modules/...`). The map's
 * paths are relative to the build's folder, so they climb only as far as the two folders share:
 * from a build in /tmp, a checkout in /tmp/x/p is `../x/p/src/...`.
 */
function projectPath(source: string): string {
  const bare = source.replace(/^(\.\.?\/)+/, "");
  for (let start = 0; start < ROOT_PATH.length; start = ROOT_PATH.indexOf("/", start) + 1) {
    const tail = ROOT_PATH.slice(start);
    if (bare.startsWith(tail)) return bare.slice(tail.length);
    if (!ROOT_PATH.includes("/", start)) break;
  }
  return bare;
}

function bundlePosition(site: CallSite): string {
  const file = site.url === "" ? "(inline)" : (new URL(site.url).pathname.split("/").at(-1) ?? "");
  return `${file}:${site.line}:${site.column}`;
}

async function loadSourceMap(url: string): Promise<SourceMap | null> {
  try {
    const response = await fetch(`${url}.map`);
    if (!response.ok) return null;
    return new SourceMap((await response.json()) as SourceMapPayload);
  } catch {
    return null;
  }
}

/** Fetches each script's `.map` once, from the server that served the page. */
export function createSourceLocator(): SourceLocator {
  const maps = new Map<string, Promise<SourceMap | null>>();
  return async (site) => {
    const name = site.functionName === "" ? "(anonymous)" : site.functionName;
    if (PROBE_FUNCTIONS.has(site.functionName)) return `${name} (the bench's probe)`;
    if (site.url === "") return `${name} (${bundlePosition(site)})`;
    let map = maps.get(site.url);
    if (map === undefined) {
      map = loadSourceMap(site.url);
      maps.set(site.url, map);
    }
    const origin = (await map)?.findOrigin(site.line, site.column);
    if (origin === undefined || !("fileName" in origin)) return `${name} (${bundlePosition(site)})`;
    const token = origin.name === undefined ? "" : ` (source token \`${origin.name}\`)`;
    return `${name} ${projectPath(origin.fileName)}:${origin.lineNumber}:${origin.columnNumber}${token} (${bundlePosition(site)})`;
  };
}

/** A main-thread task that ran while a frame waited for the thread: what it was and what it ran. */
export type WaitTask = {
  /** From the send, on the trace's clock. */
  offsetMs: number;
  durationMs: number;
  /** Its time inside the wait (from the send to the frame's task). */
  overlapMs: number;
  postedFrom: string;
  /** Its events' self time (less the events nested in them) by name, longest first, e.g. "Layout 12.0 ms". */
  parts: string[];
  /** The outermost JavaScript functions it called, and the scripts it evaluated (url only). */
  calls: CallSite[];
};

/** What the renderer's main thread did from `waitedMs` before the frame's task to that task. */
export type WaitFigures = {
  /** Main-thread time in tasks between the send and the frame's task, in ms. */
  busyMs: number;
  /** From the end of the last task before the frame's task to its start: the thread was free. */
  freeBeforeFrameMs: number;
  tasks: WaitTask[];
  frameTask: WaitTask;
  threadWarning: string | null;
};

const PARTS_SHOWN = 4;

function waitTask(task: Span, spans: Span[], from: number, until: number): WaitTask {
  const inTask = spans.filter((span) => topOf(span) === task && !isProbe(span));
  const nested = new Map<Span, number>();
  for (const span of inTask) {
    if (span.parent !== null) {
      nested.set(span.parent, (nested.get(span.parent) ?? 0) + span.end - span.start);
    }
  }
  const byName = new Map<string, number>();
  for (const span of inTask) {
    const self = span.end - span.start - (nested.get(span) ?? 0);
    if (self > 0) byName.set(span.name, (byName.get(span.name) ?? 0) + self);
  }
  const evaluated = inTask
    .filter((span) => span.name === "EvaluateScript" || span.name === "v8.compileModule")
    .map((span) => {
      const url = dataOf(span).url ?? span.args.fileName;
      return typeof url === "string" && url !== ""
        ? { functionName: `(${span.name})`, url, line: 0, column: 0 }
        : null;
    });
  const called = inTask.filter(isOutermostCall).map((span) => callSiteOf(dataOf(span)));
  return {
    offsetMs: (task.start - from) / US_PER_MS,
    durationMs: (task.end - task.start) / US_PER_MS,
    overlapMs: Math.max(0, Math.min(task.end, until) - Math.max(task.start, from)) / US_PER_MS,
    postedFrom: postedFrom(task, spans),
    parts: [...byName]
      .sort((left, right) => right[1] - left[1])
      .slice(0, PARTS_SHOWN)
      .map(([name, us]) => `${name} ${(us / US_PER_MS).toFixed(1)} ms`),
    calls: [...evaluated, ...called].filter((site) => site !== null),
  };
}

/**
 * The top-level tasks on the thread that received the question's frame which overlap the stretch
 * from the send (`waitedMs` before the frame's mark, on the system clock both share) to the start
 * of the task that received it.
 */
export function analyzeWait(events: TraceEvent[], waitedMs: number): WaitFigures | string {
  const main = mainThreadOf(events);
  if (typeof main === "string") return main;
  const mark = markOf(events, FRAME_MARK);
  if (mark === undefined) return "the trace holds no frame mark";
  const from = mark.ts - waitedMs * US_PER_MS;
  const until = main.frameTask.start;
  const before = main.spans.filter(
    (span) =>
      span.parent === null && span !== main.frameTask && span.end > from && span.start < until,
  );
  const tasks = before.map((task) => waitTask(task, main.spans, from, until));
  const lastEnd = Math.max(from, ...before.map((task) => Math.min(task.end, until)));
  return {
    busyMs: tasks.reduce((total, task) => total + task.overlapMs, 0),
    freeBeforeFrameMs: (until - lastEnd) / US_PER_MS,
    tasks,
    frameTask: waitTask(main.frameTask, main.spans, from, main.frameTask.end),
    threadWarning: main.warning,
  };
}
