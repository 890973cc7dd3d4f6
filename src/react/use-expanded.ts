import { useCallback, useLayoutEffect, useRef } from "react";
import { selectIsExpanded } from "../store/selectors-prompts";
import { useQuestionsContext } from "./context";
import { useQuestionStore } from "./use-question-store";

/** A pane's expansion as props: `expanded` controls it, `onExpandedChange` hears every change. */
export type ExpandedControl = {
  expanded?: boolean | undefined;
  onExpandedChange?: ((expanded: boolean) => void) | undefined;
};

/**
 * The pane's expansion and its setter, kept in the store unless `expanded` controls it (Radix's
 * controllable state). Parts and hosts expand and collapse through the store (`useSetExpanded`,
 * Escape), so a controlled value is mirrored there, and a change away from it is handed to
 * `onExpandedChange` and undone at once: nothing that path takes can bypass the prop.
 */
export function useExpanded({
  expanded,
  onExpandedChange,
}: ExpandedControl): [boolean, (expanded: boolean) => void] {
  const { store, scope } = useQuestionsContext();
  const stored = useQuestionStore((state) => selectIsExpanded(state, scope));
  const latest = useRef<ExpandedControl>({ expanded, onExpandedChange });
  useLayoutEffect(() => {
    latest.current = { expanded, onExpandedChange };
  });

  useLayoutEffect(() => {
    if (expanded === undefined) return;
    if (selectIsExpanded(store.getState(), scope) !== expanded) {
      store.getState().setExpanded(scope, expanded);
    }
  }, [store, scope, expanded]);

  useLayoutEffect(
    () =>
      store.subscribe((state, previous) => {
        const next = selectIsExpanded(state, scope);
        if (next === selectIsExpanded(previous, scope)) return;
        const controlled = latest.current.expanded;
        // The mirror catching up with the prop is no change the host has to hear of.
        if (next === controlled) return;
        if (controlled !== undefined) store.getState().setExpanded(scope, controlled);
        latest.current.onExpandedChange?.(next);
      }),
    [store, scope],
  );

  const setExpanded = useCallback(
    (next: boolean) => store.getState().setExpanded(scope, next),
    [store, scope],
  );
  return [expanded ?? stored, setExpanded];
}
