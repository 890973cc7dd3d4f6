import { useSyncExternalStore } from "react";
import { lazyModule } from "../store/lazy-module";

/** Where a lazily loaded part is: not asked for yet, on its way, there, or failed to load. */
export type LazyPartState<Part> =
  | { status: "idle" | "loading" }
  | { status: "loaded"; part: Part }
  | { status: "failed"; error: unknown };

/** A part of the kit loaded with `import()` once, shared by every component that shows it. */
export type LazyPart<Part> = {
  getState: () => LazyPartState<Part>;
  /** Starts loading, or loading again after a failure; a loaded part stays. */
  load: () => Promise<Part>;
  subscribe: (listener: () => void) => () => void;
};

/**
 * Once loaded, the part renders in the same task as the state that asks for it: a question that
 * arrives after the part was preloaded shows without waiting for a chunk.
 */
export function lazyPart<Part>(importPart: () => Promise<Part>): LazyPart<Part> {
  const module = lazyModule(importPart);
  let state: LazyPartState<Part> = { status: "idle" };
  const listeners = new Set<() => void>();
  const settle = (next: LazyPartState<Part>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const load = (): Promise<Part> => {
    if (state.status !== "loading" && state.status !== "loaded") settle({ status: "loading" });
    return module.load().then(
      (part) => {
        if (state.status !== "loaded") settle({ status: "loaded", part });
        return part;
      },
      (error: unknown) => {
        if (state.status === "loading") settle({ status: "failed", error });
        throw error;
      },
    );
  };
  return {
    getState: () => state,
    load,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part's state; the component re-renders when it loads or fails. */
export function useLazyPart<Part>(part: LazyPart<Part>): LazyPartState<Part> {
  return useSyncExternalStore(part.subscribe, part.getState, part.getState);
}
