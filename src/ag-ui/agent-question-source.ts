import { lazyModule } from "../store/lazy-module";
import { createLocalQuestionSource } from "../store/local-source";
import { createPartGate } from "../store/part-gate";
import type { QuestionSource } from "../store/question-source";
import type { DraftStorage } from "../store/types";
import type { AgUiInterrupt, AgUiResumeEntry, AgUiTool, AskUserAgent } from "./agent-shapes";

type Clock = QuestionSource["client"]["clock"];

/**
 * An interrupt the dock does not show, left to the host: `unknown` when no reader knows it,
 * `refused` when the kit reads it but it is broken (its issues say where). The host shows it its
 * own way and must `resolve` or `cancel` it: the next run resumes every open interrupt at once.
 * (When the part of the page that reads interrupts did not load, the store says so with Try
 * again, `sourceFailure`, and the interrupts are read once it loads.)
 */
export type UnhandledAgUiInterrupt = {
  interrupt: AgUiInterrupt;
  reason: "unknown" | "refused";
  issues: string[];
  /** Answers it: the next run resumes it with `payload`, once every open interrupt has an answer. */
  resolve(payload?: unknown): void;
  /** Cancels it in the next run's resume. */
  cancel(): void;
};

/** Options of `createAgentQuestionSource`. */
export type AgentQuestionSourceOptions = {
  /** The agent whose questions the dock shows. */
  agent: AskUserAgent;
  /**
   * The tools the runs the kit starts itself offer (the page's `ask_user` tool among them). Not
   * used with `run`: the host's runner sends its own (CopilotKit: the tools registered with it).
   */
  tools?: AgUiTool[];
  /**
   * How the kit runs the agent on after an answer, with the `resume` of the interrupts it answers;
   * `agent.runAgent({ tools, resume })` when left out. A CopilotKit page passes
   * `({ resume }) => copilotkit.runAgent({ agent, resume })`, so its own tools go along.
   */
  run?: (parameters: { resume?: AgUiResumeEntry[] }) => unknown;
  /** The name of the `ask_user` tool; `ask_user` when left out. */
  toolName?: string;
  clock?: Clock;
  /** Where first-seen times survive a reload (sessionStorage when left out, `null`: memory). */
  storage?: DraftStorage | null;
  /**
   * Where the page's tabs note what they answered, so a thread open in two tabs is answered once
   * (localStorage when left out, `null`: this tab alone).
   */
  sharedStorage?: DraftStorage | null;
  /** An interrupt the kit does not show; the host shows it its own way and answers it. */
  onUnhandled?: (unhandled: UnhandledAgUiInterrupt) => void;
};

/** The store's source for one AG-UI agent's thread. */
export type AgentQuestionSource = QuestionSource & {
  /** Follows the agent: reads it now and on every change it reports, until the returned stop. */
  watch(): () => void;
  /** Reads the agent again. */
  update(): void;
  /** Stops following the agent and the deadlines. */
  close(): void;
};

/** What `createAgentUpdater` returns: it reads the agent and sends its answers. */
export type AgentUpdater = { update(): void; hold(entry: AgUiResumeEntry): void };

/** Creates the source of `options.agent`'s current thread. */
export function createAgentQuestionSource(
  options: AgentQuestionSourceOptions,
): AgentQuestionSource {
  const local = createLocalQuestionSource({ name: "ag-ui", clock: options.clock });
  // Reading the agent and answering it is a chunk of its own, loaded as the source is made.
  const updater = lazyModule(
    () => import("./agent-updates"),
    (module) => module.createAgentUpdater(local, options),
  );
  updater.load().catch(() => undefined);
  const gate = createPartGate();
  let waiting: AbortController | null = null;
  const update = (): void => {
    waiting?.abort();
    waiting = null;
    const loaded = updater.loaded();
    if (loaded !== null) {
      loaded.update();
      return;
    }
    const wait = new AbortController();
    waiting = wait;
    // A thread with nothing in it waits silently; one that may ask is said (the store's
    // `sourceFailure`, with Try again) should the reader not load.
    (options.agent.messages.length > 0
      ? gate.wait(updater, { signal: wait.signal })
      : updater.load()
    ).then(
      () => {
        if (waiting === wait) update();
      },
      () => undefined,
    );
  };
  let subscription: { unsubscribe(): void } | null = null;
  const watch = (): (() => void) => {
    subscription?.unsubscribe();
    // A run's end (finalized, after a failure too) and every change of its messages.
    const current = options.agent.subscribe({ onMessagesChanged: update, onRunFinalized: update });
    subscription = current;
    update();
    return () => current.unsubscribe();
  };
  return {
    ...local,
    parts: gate,
    watch,
    update,
    close: () => {
      waiting?.abort();
      subscription?.unsubscribe();
      local.close();
    },
  };
}
