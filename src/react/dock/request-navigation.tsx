import { type ComponentPropsWithRef, useId } from "react";
import {
  selectPendingPrompts,
  selectRequestPosition,
  selectTimeLeftMs,
} from "../../store/selectors-prompts";
import type { QuestionStoreState, SessionScope } from "../../store/types";
import { classNames } from "../class-names";
import { useQuestionsContext } from "../context";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { useQuestionStore } from "../use-question-store";
import { COUNTDOWN_WARNING_SECONDS } from "./countdown";
import { ChevronIcon } from "./icons";

const WARNING_MS = COUNTDOWN_WARNING_SECONDS * 1000;

/** Where another waiting request in its last minute sits relative to the one shown. */
type Urgent = { previous: boolean; next: boolean };

function urgentKey(state: QuestionStoreState, scope: SessionScope): string {
  const { index } = selectRequestPosition(state, scope);
  const pending = selectPendingPrompts(state, scope);
  let previous = false;
  let next = false;
  pending.forEach((entry, position) => {
    if (position === index) return;
    const timeLeftMs = selectTimeLeftMs(state, entry.id);
    if (timeLeftMs === null || timeLeftMs <= 0 || timeLeftMs > WARNING_MS) return;
    if (position < index) previous = true;
    else next = true;
  });
  // A string, so the clock's ticks re-render the navigation only when this changes.
  return `${previous}/${next}`;
}

function parseUrgent(key: string): Urgent {
  const [previous, next] = key.split("/");
  return { previous: previous === "true", next: next === "true" };
}

/** Props of the request navigation. */
export type RequestNavigationProps = ComponentPropsWithRef<"nav">;

/**
 * "‹ 1/2 ›" between pending requests of this session; nothing when only one is pending. A waiting
 * request in its last minute marks the arrow that leads to it (`data-urgency="warning"`).
 */
export function RequestNavigation({ className, ...props }: RequestNavigationProps) {
  const { store, scope } = useQuestionsContext();
  const dictionary = useDictionary();
  const hintId = useId();
  const index = useQuestionStore((state) => selectRequestPosition(state, scope).index);
  const total = useQuestionStore((state) => selectRequestPosition(state, scope).total);
  const urgent = parseUrgent(useQuestionStore((state) => urgentKey(state, scope)));
  if (total < 2) return null;
  const goTo = (position: number) => {
    const state = store.getState();
    const target = selectPendingPrompts(state, scope)[position];
    if (target !== undefined) state.setActivePrompt(scope, target.id);
  };
  const isUrgent = urgent.previous || urgent.next;
  // The arrows stay focusable at either end (aria-disabled): the one just pressed keeps the focus.
  return (
    <nav
      aria-label={dictionary.requestNavigation}
      data-urgency={isUrgent ? "warning" : "calm"}
      {...props}
      className={classNames("ask-request-navigation", className)}
    >
      <button
        type="button"
        className="ask-icon-button ask-request-navigation__arrow"
        aria-label={dictionary.previousRequest}
        aria-describedby={urgent.previous ? hintId : undefined}
        data-urgency={urgent.previous ? "warning" : undefined}
        aria-disabled={index <= 0 ? "true" : undefined}
        onClick={() => goTo(index - 1)}
      >
        <ChevronIcon direction="start" />
      </button>
      <span className="ask-request-navigation__position">
        {formatMessage(dictionary, "requestPosition", { index: index + 1, total })}
      </span>
      <button
        type="button"
        className="ask-icon-button ask-request-navigation__arrow"
        aria-label={dictionary.nextRequest}
        aria-describedby={urgent.next ? hintId : undefined}
        data-urgency={urgent.next ? "warning" : undefined}
        aria-disabled={index >= total - 1 ? "true" : undefined}
        onClick={() => goTo(index + 1)}
      >
        <ChevronIcon direction="end" />
      </button>
      {isUrgent ? (
        <span id={hintId} className="ask-visually-hidden">
          {dictionary.requestExpiringSoon}
        </span>
      ) : null}
    </nav>
  );
}
