import { createContext, useCallback, useContext, useLayoutEffect, useRef } from "react";
import { selectIsExpanded } from "../store/selectors-prompts";
import { useQuestionsContext } from "./context";
import { useQuestionStore } from "./use-question-store";

/** A pane's expansion as props: `expanded` controls it, `onExpandedChange` hears every change. */
export type ExpandedControl = {
  expanded?: boolean | undefined;
  onExpandedChange?: ((expanded: boolean) => void) | undefined;
};

/** How the parts below a `ComposerDock` expand or collapse it; `null` outside one (the store's flag then). */
export const ExpandContext = /* @__PURE__ */ createContext<((expanded: boolean) => void) | null>(
  null,
);

/** The setter every part uses (chevron, bar, Escape): the nearest `ComposerDock`'s, else the store's. */
export function useExpandSetter(): (expanded: boolean) => void {
  const fromDock = useContext(ExpandContext);
  const { store, scope } = useQuestionsContext();
  const fromStore = useCallback(
    (expanded: boolean) => store.getState().setExpanded(scope, expanded),
    [store, scope],
  );
  return fromDock ?? fromStore;
}

/**
 * The pane's expansion and its setter (Radix's controllable state): the store's per-session flag
 * unless `expanded` controls it, in which case every request is handed to `onExpandedChange` and
 * nothing changes until the prop does.
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

  // Uncontrolled, the store's flag is the truth, whoever changed it (a host may call the store).
  useLayoutEffect(
    () =>
      store.subscribe((state, previous) => {
        if (latest.current.expanded !== undefined) return;
        const next = selectIsExpanded(state, scope);
        if (next !== selectIsExpanded(previous, scope)) latest.current.onExpandedChange?.(next);
      }),
    [store, scope],
  );

  const setExpanded = useCallback(
    (next: boolean) => {
      const controlled = latest.current.expanded;
      if (controlled === undefined) store.getState().setExpanded(scope, next);
      else if (next !== controlled) latest.current.onExpandedChange?.(next);
    },
    [store, scope],
  );
  return [expanded ?? stored, setExpanded];
}
