import type { UIMessage } from "ai";
import { useEffect } from "react";
import type { StoreApi } from "zustand/vanilla";
import { useMadeFrom } from "../../react/provider";
import { createQuestionStore } from "../../store/create-question-store";
import type { DraftStorage, QuestionStore } from "../../store/types";
import { type AskUserChat, createChatQuestionSource } from "../chat-question-source";

/** Options of `useAskUserChat`. */
export type UseAskUserChatOptions = {
  /** The tool's name in `streamText({ tools })`; `ask_user` when left out. */
  toolName?: string;
  /** Where drafts, deadlines and summaries survive a reload; sessionStorage when left out, `null` for memory only. */
  storage?: DraftStorage | null;
};

/**
 * The question store of one `useChat` chat, for `<QuestionsProvider store={…} sessionKey={chat.id}>`:
 * its pending `ask_user` calls are the dock's prompts, and Submit, Skip and the deadline answer
 * them with `addToolOutput`. A new chat id gets a new store.
 */
export function useAskUserChat<Message extends UIMessage>(
  chat: AskUserChat<Message>,
  options: UseAskUserChatOptions = {},
): StoreApi<QuestionStore> {
  const { toolName, storage } = options;
  const made = useMadeFrom(chat.id, Object.is, (chatId) => {
    const source = createChatQuestionSource({
      chatId,
      ...(toolName === undefined ? {} : { toolName }),
      ...(storage === undefined ? {} : { storage }),
    });
    const gatewayKey = `ai-sdk:${chatId}`;
    const store = createQuestionStore({
      api: source,
      gatewayKey,
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
  const { id, messages, addToolOutput } = chat;
  useEffect(() => {
    made.source.update({ id, messages, addToolOutput });
  }, [made, id, messages, addToolOutput]);
  return made.store;
}
