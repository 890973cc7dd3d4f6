import {
  createContext,
  type RefCallback,
  type RefObject,
  useCallback,
  useContext,
  useMemo,
  useRef,
} from "react";

/** The elements of one dock or card that its parts reach: the panel, and the body its question scrolls in. */
export type PanelParts = {
  readonly panel: RefObject<HTMLElement | null>;
  readonly body: RefObject<HTMLElement | null>;
};

/** Set by `QuestionDock.Root` and `QuestionCard`; `null` outside them. */
export const PanelPartsContext = /* @__PURE__ */ createContext<PanelParts | null>(null);

/** The refs a Root provides to its parts, stable for its lifetime. */
export function useNewPanelParts(): PanelParts {
  const panel = useRef<HTMLElement | null>(null);
  const body = useRef<HTMLElement | null>(null);
  return useMemo(() => ({ panel, body }), []);
}

/** The nearest Root's parts; `null` outside one. */
export function usePanelParts(): PanelParts | null {
  return useContext(PanelPartsContext);
}

/** A ref that makes its element the panel's scrolling body while mounted. */
export function useBodyRef(): RefCallback<HTMLElement> {
  const parts = usePanelParts();
  return useCallback(
    (element: HTMLElement | null) => {
      if (parts !== null) parts.body.current = element;
    },
    [parts],
  );
}

/** Where a question's scroll is: the registered body, or the panel itself when the host renders none. */
export function scrollContainerOf(parts: PanelParts | null): HTMLElement | null {
  return parts?.body.current ?? parts?.panel.current ?? null;
}
