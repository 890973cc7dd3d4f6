import type { DraftStorage } from "./types";

/** `sessionStorage` when the host has one, else null. */
export function defaultDraftStorage(): DraftStorage | null {
  try {
    return typeof globalThis.sessionStorage === "undefined" ? null : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

/** `localStorage` when the host has one (shared by the page's tabs), else null. */
export function defaultSharedStorage(): DraftStorage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}
