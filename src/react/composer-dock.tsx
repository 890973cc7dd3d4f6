import {
  type ComponentPropsWithRef,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react";
import { endedWithoutUs, promptStateOf } from "../store/prompt-state";
import { selectActivePromptId } from "../store/selectors-prompts";
import { classNames } from "./class-names";
import { PanelLoadNotice } from "./composer-dock-loading";
import { useQuestionsContext } from "./context";
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
import type { HeldKeys } from "./held-keys";
import { useLazyPart } from "./lazy-part";
import { useRetiredPrompt } from "./notice/use-retired-prompt";
import { ShowFocusContext } from "./prompt-context";
import { questionPanel as panelParts } from "./question-panel";
import { ExpandContext, useExpanded } from "./use-expanded";
import { type LayoutPreference, useLayout } from "./use-layout";
import { useQuestionNotifications, useTitleBadge } from "./use-question-badge";
import { useQuestionStore } from "./use-question-store";
import { useWritingAtArrival } from "./use-writing-at-arrival";

/** Props of `<ComposerDock>`. */
export type ComposerDockProps = ComponentPropsWithRef<"div"> & {
  /** The host's composer; it stays mounted (hidden while the dock is open) so its draft survives. */
  composer: ReactNode;
  layout?: LayoutPreference;
  /** Prefix `document.title` with the number of waiting prompts. */
  titleBadge?: boolean;
  /** Show an OS notification for a question arriving while the page is hidden (needs permission). */
  notifications?: boolean;
  /**
   * Above the composer, say that the next message answers the question a run waits on (the
   * gateway takes it as the plain-text reply). Turn off for a composer that does not send chat
   * messages to this session.
   */
  replyHint?: boolean;
  /** Controls the panel: expanded (true) or the slim bar (false); omit to let the dock keep it. */
  expanded?: boolean;
  /** Called with the state asked for whenever the user or the dock expands or collapses the panel. */
  onExpandedChange?: (expanded: boolean) => void;
};

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
function enterPanel(
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

/** Puts the question dock in place of the composer while expanded, the slim bar above it when collapsed; an ended prompt retires into a notice. */
export function ComposerDock({
  composer,
  layout = "auto",
  titleBadge = false,
  notifications = false,
  replyHint = true,
  expanded,
  onExpandedChange,
  className,
  ...props
}: ComposerDockProps) {
  useTitleBadge(titleBadge);
  useQuestionNotifications(notifications);
  const { scope, store } = useQuestionsContext();
  const promptId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const [isExpanded, setExpanded] = useExpanded({ expanded, onExpandedChange });
  const resolvedLayout = useLayout(layout);
  const { retiredId, dismiss } = useRetiredPrompt(promptId);
  const composerArea = useRef<HTMLDivElement | null>(null);
  const panelArea = useRef<HTMLDivElement | null>(null);
  const wasWriting = useWritingAtArrival(store, scope, composerArea);
  // Keys typed while an answer is on its way, for the composer (the panel's `holdKey`).
  const heldKeys = useRef<HeldKeys>({ text: "" });
  const panelState = useLazyPart(panelParts);
  const panel = panelState.status === "loaded" ? panelState.part : null;
  // A question the source could not read yet (part of its reader did not load) is said the way a
  // panel that did not load is.
  const sourceFailed = useQuestionStore((state) => state.sourceFailure !== null);
  // Until its panel has loaded, a question leaves the composer in place (nothing typed is hidden).
  const showsPanel = Boolean(promptId) && isExpanded && panel !== null;
  const previous = useRef<{ showsPanel: boolean; promptId: string | null } | null>(null);

  useEffect(() => {
    panelParts.load().catch(() => undefined);
  }, []);

  // Layout effect: runs before the browser blurs a composer that was just hidden.
  useLayoutEffect(() => {
    // A question waiting for its panel has not arrived on screen yet: it arrives once that loads.
    if (panel === null && promptId !== null) return;
    const before = previous.current;
    previous.current = { showsPanel, promptId };
    if (before === null) {
      return showsPanel ? enterPanel(panelArea.current, composerArea.current, true) : undefined;
    }
    const arrived = before.promptId === null && promptId !== null;
    // A collapse belongs to the question it was made on: the next one to arrive takes an idle
    // composer over again.
    if (arrived && !showsPanel) {
      if (!wasWriting(promptId)) setExpanded(true);
      return;
    }
    if (before.showsPanel === showsPanel) return;
    if (showsPanel) {
      // A question arriving while the user writes a message must not take the composer away: it
      // waits in the bar. An idle composer (focused but empty) is taken over as usual.
      if (arrived && wasWriting(promptId)) {
        setExpanded(false);
        return;
      }
      return enterPanel(panelArea.current, composerArea.current, !arrived);
    }
    const stopGuard =
      before.promptId === promptId ? undefined : guardFromStrayClicks(composerArea.current);
    if (focusIsLostOrIn(panelArea.current)) {
      // A question that ended elsewhere hands the focus to its notice instead (below).
      const ended =
        before.promptId === null ? undefined : store.getState().prompts.get(before.promptId);
      if (ended === undefined || !endedWithoutUs(promptStateOf(ended))) {
        focusComposer(panelArea.current, composerArea.current);
      }
    }
    panel?.releaseHeldKeys(composerArea.current, heldKeys.current);
    return stopGuard;
  }, [showsPanel, promptId, setExpanded, store, wasWriting, panel]);

  // A question that ends elsewhere while the user works in it takes the focus to its notice: the
  // keys they are still typing must not land in the chat composer (Enter would send them to the
  // agent) or pick an option of the next request they have not read yet.
  const notice = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (retiredId === null) return;
    if (focusIsLostOrIn(panelArea.current)) notice.current?.focus();
  }, [retiredId]);

  const closeNotice = useCallback(() => {
    dismiss();
    if (showsPanel) findFocusTarget(panelArea.current, questionFocusTargets())?.focus();
    else focusComposer(panelArea.current, composerArea.current);
  }, [dismiss, showsPanel]);

  return (
    <ExpandContext.Provider value={setExpanded}>
      <div
        {...props}
        data-state={showsPanel ? "expanded" : "collapsed"}
        className={classNames("ask-composer-dock", className)}
      >
        <div
          ref={panelArea}
          className="ask-composer-dock__panel"
          onKeyDownCapture={(event) => panel?.holdKey(event, store, scope, heldKeys.current)}
        >
          <ShowFocusContext.Provider value="container">
            {retiredId === null || panel === null ? null : (
              <panel.OutcomeNotice
                ref={notice}
                tabIndex={-1}
                promptId={retiredId}
                onDismiss={closeNotice}
              />
            )}
            {sourceFailed || (panel === null && promptId !== null) ? (
              <PanelLoadNotice
                state={sourceFailed ? "failed" : panelState.status}
                onRetry={sourceFailed ? store.getState().retrySource : panelParts.load}
              />
            ) : null}
            {panel === null ? null : showsPanel ? (
              resolvedLayout === "card" ? (
                <panel.QuestionCard />
              ) : (
                <panel.QuestionDock />
              )
            ) : (
              <panel.QuestionBar />
            )}
          </ShowFocusContext.Provider>
        </div>
        {/* Focusable itself: on a touch screen it takes the focus in place of the composer's field. */}
        <div
          ref={composerArea}
          className="ask-composer-dock__composer"
          tabIndex={-1}
          hidden={showsPanel}
        >
          {replyHint && !showsPanel && panel !== null ? <panel.ReplyHint /> : null}
          {composer}
        </div>
        {panel === null ? null : <panel.Announcer />}
      </div>
    </ExpandContext.Provider>
  );
}
