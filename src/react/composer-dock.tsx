import {
  type ComponentPropsWithRef,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react";
import { selectActivePromptId } from "../store/selectors-prompts";
import { classNames } from "./class-names";
import { PanelLoadNotice } from "./composer-dock-loading";
import { useQuestionsContext } from "./context";
import { focusIsLostOrIn } from "./focus-targets";
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
      return showsPanel
        ? panel?.enterPanel(panelArea.current, composerArea.current, true)
        : undefined;
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
      return panel?.enterPanel(panelArea.current, composerArea.current, !arrived);
    }
    const stopGuard = panel?.leavePanel(
      store.getState(),
      before.promptId,
      promptId,
      panelArea.current,
      composerArea.current,
    );
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
    panel?.refocusAfterNotice(showsPanel, panelArea.current, composerArea.current);
  }, [dismiss, showsPanel, panel]);

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
