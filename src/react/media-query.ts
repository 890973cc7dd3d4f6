/** The list for `query`, or null where there is no window to ask (server rendering, some test DOMs). */
export function mediaQuery(query: string): MediaQueryList | null {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
  return window.matchMedia(query);
}

/** True when `query` matches; false where it cannot be asked. */
export function matchesMedia(query: string): boolean {
  return mediaQuery(query)?.matches === true;
}
