import { useSyncExternalStore } from "react";
import { matchesMedia, mediaQuery } from "./media-query";

/** Narrow screens and touch pointers get the stacked card. */
export const STACKED_LAYOUT_QUERY = "(max-width: 480px), (pointer: coarse)";

/** Which layout a host wants: decided by the screen (`auto`), or forced. */
export type LayoutPreference = "auto" | "dock" | "card";

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery(STACKED_LAYOUT_QUERY);
  if (query === null) return () => {};
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const prefersStacked = () => matchesMedia(STACKED_LAYOUT_QUERY);

/** Resolves the layout: the host's choice, else the card on narrow screens or coarse pointers. */
export function useLayout(preference: LayoutPreference = "auto"): "dock" | "card" {
  const stacked = useSyncExternalStore(subscribe, prefersStacked, () => false);
  if (preference !== "auto") return preference;
  return stacked ? "card" : "dock";
}
