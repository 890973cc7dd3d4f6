import { lazyModule } from "../store/lazy-module";
import { createLocalQuestionSource } from "../store/local-source";
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
   * it is not shown yet; the next update tries again.
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
  const updater = lazyModule(async () =>
    (await import("./thread-updates")).createThreadUpdater(local, options),
  );
  updater.load().catch(() => undefined);
  // The latest update, applied once the updater has loaded (each update is the whole thread).
  let waiting: AskUserThread | null = null;
  const update = (next: AskUserThread): void => {
    const loaded = updater.loaded();
    waiting = loaded === null ? next : null;
    if (loaded !== null) {
      loaded.update(next);
      return;
    }
    updater.load().then(
      () => {
        if (waiting === next) update(next);
      },
      (error: unknown) => {
        // Nothing can be shown yet: the host is told; the interrupts stay the thread's, and the
        // next update loads the part again.
        if (waiting !== next) return;
        const reason = error instanceof Error ? error.message : String(error);
        for (const interrupt of next.interrupts)
          options.onUnhandled?.({
            interrupt,
            reason: "unavailable",
            issues: [`part of this page did not load (${reason})`],
          });
      },
    );
  };
  return { ...local, update, close: () => local.close() };
}
