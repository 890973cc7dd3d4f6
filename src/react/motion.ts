import { matchesMedia } from "./media-query";

/** How long a new step slides in; the CSS entrances use the same length (--ask-motion-duration). */
export const STEP_TRANSITION_MS = 160;
const STEP_SHIFT_PX = 12;
const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/**
 * Slides a new step in from the side it comes from (the next from the end, the previous from the
 * start). Movement only, no fade: the text is legible from the first frame. Nothing under reduced
 * motion. A step change keeps the same element, so a CSS entrance would not replay.
 */
export function slideStepIn(element: HTMLElement, forward: boolean): void {
  if (typeof element.animate !== "function" || matchesMedia(REDUCED_MOTION_QUERY)) return;
  const isRightToLeft = getComputedStyle(element).direction === "rtl";
  const shift = (forward ? 1 : -1) * (isRightToLeft ? -1 : 1) * STEP_SHIFT_PX;
  element.animate([{ transform: `translateX(${shift}px)` }, { transform: "none" }], {
    duration: STEP_TRANSITION_MS,
    easing: "ease-out",
  });
}
