import { lazyModule } from "../store/lazy-module";
import { createLocalQuestionSource } from "../store/local-source";
import { createPartGate } from "../store/part-gate";
import type { QuestionSource } from "../store/question-source";
import type { DraftStorage } from "../store/types";
import type { ThreadInterrupt } from "./interrupt-shapes";
import type { ReviewWords } from "./review-prompt";

type Clock = QuestionSource["client"]["clock"];

/** A LangGraph thread as `useStream()` shows it: what the source reads and how it resumes. */
export type AskUserThread = {
  threadId: string | null | undefined;
  /** Every pending interrupt, headless-tool ones included. */
  interrupts: readonly ThreadInterrupt[];
  /** True while a run is streaming or the thread loads: interrupts may then be stale. */
  isLoading?: boolean;
  /** The thread's messages, read to tell how a question answered elsewhere ended. */
  messages?: readonly unknown[];
  /** Resumes the run with `value` for the interrupt `interruptId`. */
  respond(value: unknown, options: { interruptId: string }): unknown;
  /** Resumes several interrupts pending at one checkpoint at once (`useStream().respondAll`). */
  respondAll?(values: Record<string, unknown>): unknown;
};

/** Why an interrupt is not shown: left to the host, never answered by guess. */
export type UnhandledInterrupt = {
  interrupt: ThreadInterrupt;
  /**
   * `unknown`: no reader knows the value; `refused`: it is one the kit reads, but broken;
   * `unavailable`: the part of the page that reads interrupts did not load (a network error), so
   * it is not shown yet; the store says so (`sourceFailure`), and `retrySource()` or the next
   * update loads it again.
   */
  reason: "unknown" | "refused" | "unavailable";
  issues: string[];
};

/** Options of `createThreadQuestionSource`. */
export type ThreadQuestionSourceOptions = {
  /** The thread the prompts belong to (their session). */
  threadId: string;
  /** The name of the headless `ask_user` tool; `ask_user` when left out. */
  toolName?: string;
  /** The words of review prompts; English when left out. */
  reviewWords?: ReviewWords;
  clock?: Clock;
  /** Where first-seen times survive a reload (sessionStorage when left out, `null`: memory). */
  storage?: DraftStorage | null;
  /** An interrupt the kit does not show; the host may show it its own way. */
  onUnhandled?: (unhandled: UnhandledInterrupt) => void;
};

/** The store's source for one LangGraph thread; `update` it whenever the stream changes. */
export type ThreadQuestionSource = QuestionSource & {
  update(thread: AskUserThread): void;
  close(): void;
};

/** Creates the source of one thread. */
export function createThreadQuestionSource(
  options: ThreadQuestionSourceOptions,
): ThreadQuestionSource {
  const local = createLocalQuestionSource({ name: "langgraph", clock: options.clock });
  // Reading interrupts is a chunk of its own, loaded as the source is made.
  const updater = lazyModule(
    () => import("./thread-updates"),
    (module) => module.createThreadUpdater(local, options),
  );
  updater.load().catch(() => undefined);
  const gate = createPartGate();
  // The latest update waits for the updater (each update is the whole thread): an update that
  // follows ends the wait of the one before.
  let waiting: AbortController | null = null;
  const update = (next: AskUserThread): void => {
    waiting?.abort();
    waiting = null;
    const loaded = updater.loaded();
    if (loaded !== null) {
      loaded.update(next);
      return;
    }
    const wait = new AbortController();
    waiting = wait;
    // A thread with nothing to ask waits silently: no question is missing from the page yet.
    if (next.interrupts.length === 0) {
      updater.load().then(
        () => {
          if (waiting === wait) update(next);
        },
        () => undefined,
      );
      return;
    }
    gate
      .wait(updater, {
        signal: wait.signal,
        // The page says a question could not be shown (the store's `sourceFailure`, with Try
        // again); the host hears which interrupts.
        onFailure: (reason) => {
          for (const interrupt of next.interrupts)
            options.onUnhandled?.({
              interrupt,
              reason: "unavailable",
              issues: [`part of this page did not load (${reason})`],
            });
        },
      })
      .then(
        () => {
          if (waiting === wait) update(next);
        },
        () => undefined,
      );
  };
  const close = (): void => {
    waiting?.abort();
    local.close();
  };
  return { ...local, parts: gate, update, close };
}
