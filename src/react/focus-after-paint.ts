/**
 * Moves the focus once the frame that shows a change has painted. `focus()` forces a style pass
 * on the spot; on a host page with costly styles, doing it while the change is being committed
 * delays that frame and costs a second pass. `wanted` is asked again then: the user may have put
 * the focus somewhere else meanwhile.
 */
export function focusAfterPaint(
  target: () => HTMLElement | null,
  wanted: () => boolean,
): () => void {
  return afterPaint(() => {
    if (wanted()) target()?.focus();
  });
}

/** A page too busy to idle still gets the work done this soon. */
const IDLE_TIMEOUT_MS = 150;

/**
 * Runs `work` once the next frame has painted; returns what cancels it. For work that reads layout
 * (focus, scrolling into view): before the paint it would force a layout the frame does anyway.
 */
export function afterPaint(work: () => void): () => void {
  // An idle callback runs once the frame in progress has painted and adds no script to that
  // frame, as an animation frame callback would.
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A task queued from an animation frame runs after that frame's paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
