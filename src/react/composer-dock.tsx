import { type ComponentPropsWithRef, type ReactNode, useEffect, useRef } from "react";
import { selectActivePromptId, selectIsExpanded } from "../store/index";
import { Announcer } from "./announcer";
import { QuestionCard } from "./card/question-card";
import { classNames } from "./class-names";
import { useQuestionsContext } from "./context";
import { QuestionDock } from "./dock/question-dock";
import { QuestionBar } from "./question-bar";
import { type LayoutPreference, useLayout } from "./use-layout";
import { useQuestionNotifications, useTitleBadge } from "./use-question-badge";
import { useQuestionStore } from "./use-question-store";

/** Props of `<ComposerDock>`. */
export type ComposerDockProps = ComponentPropsWithRef<"div"> & {
  /** The host's composer; it stays mounted (hidden while the dock is open) so its draft survives. */
  composer: ReactNode;
  layout?: LayoutPreference;
  /** Prefix `document.title` with the number of waiting prompts. */
  titleBadge?: boolean;
  /** Show an OS notification for a question arriving while the page is hidden (needs permission). */
  notifications?: boolean;
};

const COMPOSER_FOCUS_TARGETS = "textarea, input, [contenteditable='true']";
const DOCK_FOCUS_TARGETS =
  '[role="radio"][data-state="checked"], [role="radio"], [role="checkbox"], textarea, input';

/** Puts the question dock in place of the composer while expanded, the slim bar above it when collapsed. */
export function ComposerDock({
  composer,
  layout = "auto",
  titleBadge = false,
  notifications = false,
  className,
  ...props
}: ComposerDockProps) {
  useTitleBadge(titleBadge);
  useQuestionNotifications(notifications);
  const { scope } = useQuestionsContext();
  const promptId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const isExpanded = useQuestionStore((state) => selectIsExpanded(state, scope));
  const resolvedLayout = useLayout(layout);
  const composerArea = useRef<HTMLDivElement | null>(null);
  const panelArea = useRef<HTMLDivElement | null>(null);
  const showsPanel = Boolean(promptId) && isExpanded;
  const previous = useRef(showsPanel);

  useEffect(() => {
    if (previous.current === showsPanel) return;
    previous.current = showsPanel;
    const target = showsPanel
      ? panelArea.current?.querySelector<HTMLElement>(DOCK_FOCUS_TARGETS)
      : composerArea.current?.querySelector<HTMLElement>(COMPOSER_FOCUS_TARGETS);
    target?.focus();
  }, [showsPanel]);

  return (
    <div
      {...props}
      data-state={showsPanel ? "expanded" : "collapsed"}
      className={classNames("ask-composer-dock", className)}
    >
      <div ref={panelArea} className="ask-composer-dock__panel">
        {showsPanel ? (
          resolvedLayout === "card" ? (
            <QuestionCard />
          ) : (
            <QuestionDock />
          )
        ) : (
          <QuestionBar />
        )}
      </div>
      <div ref={composerArea} className="ask-composer-dock__composer" hidden={showsPanel}>
        {composer}
      </div>
      <Announcer />
    </div>
  );
}
