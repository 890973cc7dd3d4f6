import type { LazyModule } from "./lazy-module";

/**
 * A source's parts loaded with `import()` (an MCP form reader, a LangGraph interrupt reader), seen
 * from the store: why a question waits on a part that did not load, and how to load it again.
 */
export type SourceParts = {
  /** Why a question cannot be shown yet (the load's error), or null while none waits on a part. */
  failure(): string | null;
  subscribe(listener: () => void): () => void;
  /** Loads every part a question waits on again; the questions show once they load. */
  retry(): Promise<void>;
};

/** Options of one wait for a part. */
export type PartWait = {
  /** The question no longer waits (answered elsewhere, cancelled, timed out): the wait rejects. */
  signal?: AbortSignal;
  /** Each failed load, as it fails. */
  onFailure?: (reason: string) => void;
};

export type PartGate = SourceParts & {
  /**
   * The part once it has loaded. A failed load does not reject: the question waits, the gate says
   * why (`failure`), and `retry()` or the next successful load of a part lets it through.
   */
  wait<Part>(part: LazyModule<Part>, options?: PartWait): Promise<Part>;
};

/** Creates the gate a source's questions pass when they need a part loaded apart. */
export function createPartGate(): PartGate {
  const listeners = new Set<() => void>();
  // Questions waiting on a part that failed to load.
  let waiting = 0;
  let failure: string | null = null;
  const setFailure = (next: string | null): void => {
    failure = next;
    for (const listener of listeners) listener();
  };
  // Settles when Try again is asked for; the first call below makes the first one.
  let again = (): void => undefined;
  let nextTry = Promise.resolve();
  const retry = async (): Promise<void> => {
    const release = again;
    nextTry = new Promise((resolve) => {
      again = resolve;
    });
    release();
  };
  void retry();
  return {
    failure: () => failure,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retry,
    wait: async (part, { signal, onFailure } = {}) => {
      let failed = false;
      let ended: Promise<never> | undefined;
      try {
        for (;;) {
          try {
            const loaded = await part.load();
            // A part that loads now lets the questions that waited on it through as well.
            if (waiting > (failed ? 1 : 0)) void retry();
            return loaded;
          } catch (error) {
            signal?.throwIfAborted();
            if (!failed) waiting += 1;
            failed = true;
            const reason = error instanceof Error ? error.message : String(error);
            setFailure(reason);
            onFailure?.(reason);
            ended ??= new Promise<never>((_, reject) =>
              signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
            );
            await Promise.race([nextTry, ended]);
          }
        }
      } finally {
        if (failed && --waiting === 0) setFailure(null);
      }
    },
  };
}
