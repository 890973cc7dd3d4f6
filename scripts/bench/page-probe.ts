/**
 * What `npm run bench:control-ui` installs in and reads from each page: a watcher that stamps the
 * first frame in which a question UI shows (or no longer shows), the time of the next click, and
 * the page's main-thread counters over CDP.
 */
import type { CDPSession, Page } from "playwright-core";

// Plain JavaScript: a function handed to `page.evaluate` would be serialized after tsx's
// transform, whose injected helpers do not exist in the page.
const PROBE_SOURCE = `(() => {
  if (window.__askBench) return;
  const shown = (element) => {
    if (element === null) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    return style.display !== "none" && style.visibility !== "hidden";
  };
  const bench = { watch: Promise.resolve(null), clickAt: null };
  bench.shown = (selector) => shown(document.querySelector(selector));
  bench.startWatch = (selector, wantShown, timeoutMs) => {
    bench.watch = new Promise((resolve) => {
      let frame = 0;
      const finish = (at) => {
        observer.disconnect();
        clearTimeout(timer);
        cancelAnimationFrame(frame);
        resolve(at);
      };
      // Checked in an animation frame: the time is that of the frame that paints the change.
      const check = () => {
        frame = 0;
        if (shown(document.querySelector(selector)) === wantShown) {
          finish({ wallMs: Date.now(), timelineMs: performance.timeOrigin + performance.now() });
        }
      };
      const observer = new MutationObserver(() => {
        if (frame === 0) frame = requestAnimationFrame(check);
      });
      const timer = setTimeout(() => finish(null), timeoutMs);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      frame = requestAnimationFrame(check);
    });
  };
  bench.armClick = () => {
    bench.clickAt = null;
    const stamp = (event) => { bench.clickAt = performance.timeOrigin + event.timeStamp; };
    addEventListener("click", stamp, { capture: true, once: true });
  };
  window.__askBench = bench;
})()`;

/** Installs the probe once per document. */
export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(PROBE_SOURCE);
}

/** Whether the element `selector` finds is laid out and not hidden. */
export function isShown(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`window.__askBench.shown(${JSON.stringify(selector)})`);
}

/** Starts watching for `selector` to show (or to be gone); read the frame time with `watched`. */
export async function startWatch(
  page: Page,
  selector: string,
  wantShown: boolean,
  timeoutMs: number,
): Promise<void> {
  await page.evaluate(
    `window.__askBench.startWatch(${JSON.stringify(selector)}, ${wantShown}, ${timeoutMs})`,
  );
}

/**
 * When a frame painted, on two clocks: `wallMs` is the system clock Node's `Date.now()` reads too;
 * `timelineMs` is the page's performance timeline (event time stamps), which can drift from the
 * system clock over a long-lived page.
 */
export type FrameTime = { wallMs: number; timelineMs: number };

/** When the frame the watched change painted in ran, or null when it timed out. */
export function watched(page: Page): Promise<FrameTime | null> {
  return page.evaluate<FrameTime | null>("window.__askBench.watch");
}

/** Stamps the next click's event time; read it with `clickedAt`. */
export async function armClick(page: Page): Promise<void> {
  await page.evaluate("window.__askBench.armClick()");
}

/** The click `armClick` waited for, on the page's performance timeline (ms), or null. */
export function clickedAt(page: Page): Promise<number | null> {
  return page.evaluate<number | null>("window.__askBench.clickAt");
}

/** The page's main-thread counters at one moment, in ms. */
export type MainThreadSample = {
  /** CPU time of the renderer's main thread (CDP `ThreadTime`). */
  cpuMs: number;
  /** Wall time spent in main-thread tasks (CDP `TaskDuration`); grows under other load. */
  taskMs: number;
  /** CDP's monotonic clock. */
  atMs: number;
};

const MS_PER_SECOND = 1000;

/** Starts the CDP counters of a page; `sampleMainThread` reads them. */
export async function enableMainThreadCounters(cdp: CDPSession): Promise<void> {
  await cdp.send("Performance.enable");
}

/** Reads the main-thread counters. */
export async function sampleMainThread(cdp: CDPSession): Promise<MainThreadSample> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = (name: string) => {
    const metric = metrics.find((candidate) => candidate.name === name);
    if (metric === undefined) throw new Error(`Chromium reports no ${name} metric`);
    return metric.value * MS_PER_SECOND;
  };
  return { cpuMs: value("ThreadTime"), taskMs: value("TaskDuration"), atMs: value("Timestamp") };
}
