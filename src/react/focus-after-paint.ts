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
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A task queued from an animation frame runs after that frame's paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (wanted()) target()?.focus();
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
