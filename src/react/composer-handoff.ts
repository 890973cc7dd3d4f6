// How the focus passes between the composer and the question panel. Loaded with the panel: none of
// it runs before a question can show.
import { endedWithoutUs, promptStateOf } from "../store/prompt-state";
import type { QuestionStore } from "../store/types";
import { SWITCH_GUARD_MS } from "./dock/use-switch-guard";
import { focusAfterPaint } from "./focus-after-paint";
import {
  COMPOSER_FOCUS_TARGETS,
  findFocusTarget,
  focusFirstTaker,
  focusIsLostOrIn,
  focusIsOnPressedControl,
  isTouchScreen,
  questionFocusTargets,
} from "./focus-targets";

/**
 * Gives the focus back to the composer when the panel gives it back: to its first field that takes
 * it. On a touch screen a text field would pop the on-screen keyboard over the page: the bar's
 * button takes it, or the composer's area.
 */
function focusComposer(panel: HTMLElement | null, composer: HTMLElement | null): void {
  if (!isTouchScreen()) focusFirstTaker(composer, COMPOSER_FOCUS_TARGETS);
  else (findFocusTarget(panel, ['button[aria-expanded="false"]']) ?? composer)?.focus();
}

/**
 * Scrolls `panel` into view in the frame that first lays it out, before that frame paints: a
 * resize observer's first callback comes after the layout, so reading it forces none, and the
 * panel never paints out of view first.
 */
function scrollIntoViewWhenLaidOut(panel: HTMLElement | null): () => void {
  if (panel === null || typeof ResizeObserver !== "function") return () => undefined;
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    panel.scrollIntoView?.({ block: "nearest" });
  });
  observer.observe(panel);
  return () => observer.disconnect();
}

/**
 * Moves the focus into a panel that just showed, when it was lost, in the dock, or on a control the
 * user pressed (a "Sign up" button that asked for a form: the form is what they wait for; text
 * they type is never interrupted), and scrolls the panel into view. A panel the page opened with,
 * or the user opened, takes it at once; one a question that arrived opened, once it painted, if
 * the user has not moved the focus meanwhile.
 */
export function enterPanel(
  panel: HTMLElement | null,
  composer: HTMLElement | null,
  atOnce: boolean,
): () => void {
  const pressed = focusIsOnPressedControl() ? document.activeElement : null;
  const takesFocus = () =>
    focusIsLostOrIn(panel) ||
    focusIsLostOrIn(composer) ||
    (pressed !== null && document.activeElement === pressed);
  const target = () => findFocusTarget(panel, questionFocusTargets());
  let stopFocus: (() => void) | undefined;
  if (takesFocus()) {
    if (atOnce) target()?.focus();
    else stopFocus = focusAfterPaint(target, takesFocus);
  }
  // Focus scrolls only the option into view; on a short screen of a page that scrolls as a whole,
  // the actions below it could stay out of view.
  const stopScroll = scrollIntoViewWhenLaidOut(panel);
  return () => {
    stopScroll();
    stopFocus?.();
  };
}

/**
 * Keeps the pointer off a composer that just took the place of a dock that ended, as long as a
 * click is taken for one aimed at the dock (`SWITCH_GUARD_MS`). Its send button
 * sits where Submit was: the second click of a double-click on Submit would send the draft, and
 * the pointer resting there would open the button's tooltip.
 */
function guardFromStrayClicks(composer: HTMLElement | null): (() => void) | undefined {
  if (composer === null) return undefined;
  composer.style.pointerEvents = "none";
  const timer = setTimeout(() => composer.style.removeProperty("pointer-events"), SWITCH_GUARD_MS);
  return () => {
    clearTimeout(timer);
    composer.style.removeProperty("pointer-events");
  };
}

/**
 * The panel gave way to the composer: a composer that took the place of an ended question is kept
 * from stray clicks, and the focus the panel held goes to the composer, unless the question ended
 * elsewhere (its notice takes the focus then). Returns what stops the guard.
 */
export function leavePanel(
  state: QuestionStore,
  beforeId: string | null,
  promptId: string | null,
  panel: HTMLElement | null,
  composer: HTMLElement | null,
): (() => void) | undefined {
  const stopGuard = beforeId === promptId ? undefined : guardFromStrayClicks(composer);
  if (focusIsLostOrIn(panel)) {
    const ended = beforeId === null ? undefined : state.prompts.get(beforeId);
    if (ended === undefined || !endedWithoutUs(promptStateOf(ended))) {
      focusComposer(panel, composer);
    }
  }
  return stopGuard;
}

/** A notice the user closed hands the focus to the question still shown, else to the composer. */
export function refocusAfterNotice(
  showsPanel: boolean,
  panel: HTMLElement | null,
  composer: HTMLElement | null,
): void {
  if (showsPanel) findFocusTarget(panel, questionFocusTargets())?.focus();
  else focusComposer(panel, composer);
}
