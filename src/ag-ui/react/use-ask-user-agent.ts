import { useEffect } from "react";
import type { StoreApi } from "zustand/vanilla";
import { useMadeFrom } from "../../react/provider";
import { createQuestionStore } from "../../store/create-question-store";
import type { QuestionStore } from "../../store/types";
import {
  type AgentQuestionSourceOptions,
  createAgentQuestionSource,
} from "../agent-question-source";
import type { AskUserAgent } from "../agent-shapes";

/**
 * Options of `useAskUserAgent`: those of `createAgentQuestionSource`, also `storage` for the
 * store's drafts, deadlines and summaries (sessionStorage when left out, `null` for memory only).
 */
export type UseAskUserAgentOptions = Omit<AgentQuestionSourceOptions, "agent" | "clock">;

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
  const made = useMadeFrom(
    { agent, threadId: agent.threadId },
    (a, b) => a.agent === b.agent && a.threadId === b.threadId,
    ({ agent: current, threadId }) => {
      const source = createAgentQuestionSource({ ...options, agent: current });
      const { storage } = options;
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
    // Another tab answered (it notes so in the storage the tabs share), or may have while this
    // one was out of view.
    const recheck = () => made.source.update();
    window.addEventListener("storage", recheck);
    document.addEventListener("visibilitychange", recheck);
    return () => {
      window.removeEventListener("storage", recheck);
      document.removeEventListener("visibilitychange", recheck);
      unwatch();
      made.store.getState().stop();
      made.source.close();
    };
  }, [made]);
  return made.store;
}
