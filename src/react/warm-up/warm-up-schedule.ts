/**
 * When the panel rehearses: once the page has loaded and is idle, again when it comes back after
 * being hidden long, and after a long stretch with no question shown (an engine drops compiled
 * code that has not run for a while). Never while the page is hidden.
 */
export const REWARM_AFTER_MS = 5 * 60_000;
/** A page too busy to idle still rehearses this soon after it loaded. */
const IDLE_TIMEOUT_MS = 2000;
/** Where there are no idle callbacks (Safari): this long after the page loaded or came back. */
const NO_IDLE_DELAY_MS = 300;

export type WarmUpSchedule = {
  /** A question just showed: the panel is warm now. */
  touch(): void;
  stop(): void;
};

function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, NO_IDLE_DELAY_MS);
  return () => clearTimeout(timer);
}

/** Calls `warm` at the moments above; `now` is a monotonic clock in ms. */
export function scheduleWarmUps(
  warm: () => void,
  now: () => number = () => performance.now(),
): WarmUpSchedule {
  let lastWarmMs = Number.NEGATIVE_INFINITY;
  let cancelIdle: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    cancelIdle?.();
    cancelIdle = null;
    clearTimeout(timer);
  };
  const planNext = () => {
    cancel();
    timer = setTimeout(warmWhenIdle, REWARM_AFTER_MS);
  };
  function warmWhenIdle(): void {
    cancel();
    if (document.visibilityState === "hidden") return;
    cancelIdle = whenIdle(() => {
      cancelIdle = null;
      warm();
      touch();
    });
  }
  // What a shown question calls too: run here first, it is compiled before one shows.
  const touch = () => {
    lastWarmMs = now();
    planNext();
  };
  const onVisibility = () => {
    if (document.visibilityState === "hidden") cancel();
    else if (now() - lastWarmMs >= REWARM_AFTER_MS) warmWhenIdle();
    else planNext();
  };

  document.addEventListener("visibilitychange", onVisibility);
  if (document.readyState === "complete") warmWhenIdle();
  else addEventListener("load", warmWhenIdle, { once: true });
  return {
    touch,
    stop: () => {
      cancel();
      document.removeEventListener("visibilitychange", onVisibility);
      removeEventListener("load", warmWhenIdle);
    },
  };
}
