import type { DraftStorage } from "./types";

/** `sessionStorage` when the host has one, else null. */
export function defaultDraftStorage(): DraftStorage | null {
  try {
    return typeof globalThis.sessionStorage === "undefined" ? null : globalThis.sessionStorage;
  } catch {
    return null;
  }
}
