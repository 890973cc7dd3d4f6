import { useEffect } from "react";
import type { StoreApi } from "zustand/vanilla";
import { useMadeFrom } from "../../react/provider";
import { createQuestionStore } from "../../store/create-question-store";
import type { DraftStorage, QuestionStore } from "../../store/types";
import { createAgentQuestionSource, type UnhandledAgUiInterrupt } from "../agent-question-source";
import type { AgUiTool, AskUserAgent } from "../agent-shapes";

/** Options of `useAskUserAgent`. */
export type UseAskUserAgentOptions = {
  /** The tools every run offers (the `askUserTool()` among them); the kit's runs send them too. */
  tools?: AgUiTool[];
  /** The name of the `ask_user` tool; `ask_user` when left out. */
  toolName?: string;
  /** Where drafts, deadlines and summaries survive a reload; sessionStorage when left out, `null` for memory only. */
  storage?: DraftStorage | null;
  /** Where the page's tabs note what they answered (a thread open in two tabs is answered once); localStorage when left out. */
  sharedStorage?: DraftStorage | null;
  /** An interrupt the dock does not show: show it your own way, then `resolve` or `cancel` it. */
  onUnhandled?: (unhandled: UnhandledAgUiInterrupt) => void;
};

/**
 * The question store of one AG-UI agent's thread, for
 * `<QuestionsProvider store={…} sessionKey={agent.threadId}>`: its frontend `ask_user` calls and
 * its interrupts are the dock's prompts; Submit, Skip and the deadline answer them and run the
 * agent on. A new agent or thread gets a new store.
 */
export function useAskUserAgent(
  agent: AskUserAgent,
  options: UseAskUserAgentOptions = {},
): StoreApi<QuestionStore> {
  const { tools, toolName, storage, sharedStorage, onUnhandled } = options;
  const made = useMadeFrom(
    { agent, threadId: agent.threadId },
    (a, b) => a.agent === b.agent && a.threadId === b.threadId,
    ({ agent: current, threadId }) => {
      const source = createAgentQuestionSource({
        agent: current,
        ...(tools === undefined ? {} : { tools }),
        ...(toolName === undefined ? {} : { toolName }),
        ...(storage === undefined ? {} : { storage }),
        ...(sharedStorage === undefined ? {} : { sharedStorage }),
        onUnhandled: (unhandled) => onUnhandled?.(unhandled),
      });
      const store = createQuestionStore({
        api: source,
        gatewayKey: `ag-ui:${threadId}`,
        ...(storage === undefined ? {} : { storage }),
      });
      return { source, store };
    },
  );
  useEffect(() => {
    const unwatch = made.source.watch();
    made.store.getState().start();
    // Another tab may have answered while this one was out of view.
    const recheck = () => {
      if (document.visibilityState !== "hidden") made.source.update();
    };
    window.addEventListener("focus", recheck);
    document.addEventListener("visibilitychange", recheck);
    return () => {
      window.removeEventListener("focus", recheck);
      document.removeEventListener("visibilitychange", recheck);
      unwatch();
      made.store.getState().stop();
      made.source.close();
    };
  }, [made]);
  return made.store;
}
