import type { ComponentPropsWithRef } from "react";
import { selectPendingPrompts, selectRequestPosition } from "../../store/index";
import { classNames } from "../class-names";
import { useQuestionsContext } from "../context";
import { formatMessage } from "../i18n/format";
import { useQuestionStore } from "../use-question-store";
import { ChevronIcon } from "./icons";

/** Props of the request navigation. */
export type RequestNavigationProps = ComponentPropsWithRef<"nav">;

/** "‹ 1/2 ›" between pending requests of this session; nothing when only one is pending. */
export function RequestNavigation({ className, ...props }: RequestNavigationProps) {
  const { store, scope, dictionary } = useQuestionsContext();
  const index = useQuestionStore((state) => selectRequestPosition(state, scope).index);
  const total = useQuestionStore((state) => selectRequestPosition(state, scope).total);
  if (total < 2) return null;
  const goTo = (position: number) => {
    const state = store.getState();
    const target = selectPendingPrompts(state, scope)[position];
    if (target !== undefined) state.setActivePrompt(scope, target.id);
  };
  return (
    <nav
      aria-label={dictionary.requestNavigation}
      {...props}
      className={classNames("ask-request-navigation", className)}
    >
      <button
        type="button"
        className="ask-icon-button"
        aria-label={dictionary.previousRequest}
        disabled={index <= 0}
        onClick={() => goTo(index - 1)}
      >
        <ChevronIcon direction="start" />
      </button>
      <span className="ask-request-navigation__position">
        {formatMessage(dictionary, "requestPosition", { index: index + 1, total })}
      </span>
      <button
        type="button"
        className="ask-icon-button"
        aria-label={dictionary.nextRequest}
        disabled={index >= total - 1}
        onClick={() => goTo(index + 1)}
      >
        <ChevronIcon direction="end" />
      </button>
    </nav>
  );
}
