import { STREAM_CONTROLLER } from "@langchain/react";
import { useEffect } from "react";
import type { StoreApi } from "zustand/vanilla";
import { useMadeFrom } from "../../react/provider";
import { createQuestionStore } from "../../store/create-question-store";
import type { DraftStorage, QuestionStore } from "../../store/types";
import type { ThreadInterrupt } from "../interrupt-shapes";
import type { ReviewWords } from "../review-prompt";
import { createThreadQuestionSource, type UnhandledInterrupt } from "../thread-question-source";

/** What the hook reads of `useStream()`'s result. */
export type AskUserStream = {
  threadId: string | null | undefined;
  interrupts: readonly ThreadInterrupt[];
  values?: unknown;
  messages?: readonly unknown[];
  isLoading?: boolean;
  isThreadLoading?: boolean;
  respond(value: unknown, options: { interruptId: string }): unknown;
  respondAll?(values: Record<string, unknown>): unknown;
  /** The stream's client: the thread's state is read again when the page comes back into view. */
  client?: {
    threads: {
      getState(threadId: string): Promise<{
        values?: unknown;
        tasks?: ReadonlyArray<{ interrupts?: readonly ThreadInterrupt[] }>;
      }>;
    };
  };
  readonly [STREAM_CONTROLLER]?: {
    rootStore: { getSnapshot(): { interrupts?: readonly ThreadInterrupt[] } };
  };
};

/** Options of `useAskUserStream`. */
export type UseAskUserStreamOptions = {
  /** The name of the headless `ask_user` tool; `ask_user` when left out. */
  toolName?: string;
  /** The words of review prompts; English when left out. */
  reviewWords?: ReviewWords;
  /** Where drafts, deadlines and summaries survive a reload; sessionStorage when left out, `null` for memory only. */
  storage?: DraftStorage | null;
  /** An interrupt the dock does not show (unknown or broken): show it your own way. */
  onUnhandled?: (unhandled: UnhandledInterrupt) => void;
};

/**
 * Every pending interrupt of the stream: `stream.interrupts` leaves headless-tool interrupts out,
 * so they are read from the controller the stream is made of.
 */
function allInterrupts(stream: AskUserStream): readonly ThreadInterrupt[] {
  const root = stream[STREAM_CONTROLLER]?.rootStore.getSnapshot().interrupts;
  return root !== undefined && root.length >= stream.interrupts.length ? root : stream.interrupts;
}

/**
 * The question store of one `useStream` thread, for `<QuestionsProvider store={…} sessionKey={threadId}>`:
 * its `ask_user` calls, review interrupts and forms are the dock's prompts, and Submit, Skip and
 * the deadline resume the run with `stream.respond`. A new thread id gets a new store.
 */
export function useAskUserStream(
  stream: AskUserStream,
  options: UseAskUserStreamOptions = {},
): StoreApi<QuestionStore> {
  const { toolName, reviewWords, storage, onUnhandled } = options;
  const threadKey = stream.threadId ?? "";
  const made = useMadeFrom(threadKey, Object.is, (threadId) => {
    const source = createThreadQuestionSource({
      threadId,
      ...(toolName === undefined ? {} : { toolName }),
      ...(reviewWords === undefined ? {} : { reviewWords }),
      ...(storage === undefined ? {} : { storage }),
      onUnhandled: (unhandled) => onUnhandled?.(unhandled),
    });
    const store = createQuestionStore({
      api: source,
      gatewayKey: `langgraph:${threadId}`,
      ...(storage === undefined ? {} : { storage }),
    });
    return { source, store };
  });
  useEffect(() => {
    made.store.getState().start();
    return () => {
      made.store.getState().stop();
      made.source.close();
    };
  }, [made]);
  const interrupts = allInterrupts(stream);
  const loading = stream.isLoading === true || stream.isThreadLoading === true;
  const { threadId, messages } = stream;
  const { respond, respondAll } = stream;
  useEffect(() => {
    if (threadId === null || threadId === undefined) return;
    made.source.update({
      threadId,
      interrupts,
      isLoading: loading,
      ...(messages === undefined ? {} : { messages }),
      respond,
      ...(respondAll === undefined ? {} : { respondAll }),
    });
  }, [made, threadId, interrupts, loading, messages, respond, respondAll]);
  const { client } = stream;
  useEffect(() => {
    if (threadId === null || threadId === undefined || client === undefined) return;
    // `useStream` keeps listing an interrupt another client resumed; a form's or a plain
    // interrupt's answer leaves nothing in the messages to tell. The server's own state does.
    const recheck = () => {
      if (document.visibilityState === "hidden") return;
      client.threads
        .getState(threadId)
        .then((state) => {
          const fresh = (state.tasks ?? []).flatMap((task) => task.interrupts ?? []);
          made.source.update({
            threadId,
            interrupts: fresh,
            ...(messages === undefined ? {} : { messages }),
            respond,
            ...(respondAll === undefined ? {} : { respondAll }),
          });
        })
        .catch(() => undefined);
    };
    window.addEventListener("focus", recheck);
    document.addEventListener("visibilitychange", recheck);
    return () => {
      window.removeEventListener("focus", recheck);
      document.removeEventListener("visibilitychange", recheck);
    };
  }, [made, client, threadId, messages, respond, respondAll]);
  return made.store;
}
