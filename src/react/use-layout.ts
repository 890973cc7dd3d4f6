import { useSyncExternalStore } from "react";

/** Narrow screens and touch pointers get the stacked card. */
export const STACKED_LAYOUT_QUERY = "(max-width: 480px), (pointer: coarse)";

/** Which layout a host wants: decided by the screen (`auto`), or forced. */
export type LayoutPreference = "auto" | "dock" | "card";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(STACKED_LAYOUT_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function prefersStacked(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return window.matchMedia(STACKED_LAYOUT_QUERY).matches;
}

/** Resolves the layout: the host's choice, else the card on narrow screens or coarse pointers. */
export function useLayout(preference: LayoutPreference = "auto"): "dock" | "card" {
  const stacked = useSyncExternalStore(subscribe, prefersStacked, () => false);
  if (preference !== "auto") return preference;
  return stacked ? "card" : "dock";
}
