import type { ChatAddToolOutputFunction, UIMessage } from "ai";
import { type LazyModule, lazyModule } from "../store/lazy-module";
import { createLocalQuestionSource } from "../store/local-source";
import { createPartGate } from "../store/part-gate";
import type { QuestionSource } from "../store/question-source";
import type { DraftStorage } from "../store/types";
import { AI_SDK_TOOL_NAME, askUserPartsOf } from "./ask-user-parts";
import type * as ChatCalls from "./chat-calls";

type Clock = QuestionSource["client"]["clock"];

/** Options of `createChatQuestionSource`. */
export type ChatQuestionSourceOptions = {
  /** The chat's id (`useChat().id`): the session its prompts belong to. */
  chatId: string;
  /** The tool's name in `streamText({ tools })`; `ask_user` when left out. */
  toolName?: string;
  clock?: Clock;
  /**
   * Where the time each question was first shown survives a reload, so a reload does not restart
   * its deadline; defaults to sessionStorage, `null` keeps it in memory only.
   */
  storage?: DraftStorage | null;
};

/** A chat's messages and its way to answer a tool call: what `useChat()` returns. */
export type AskUserChat<Message extends UIMessage = UIMessage> = {
  id: string;
  messages: Message[];
  addToolOutput: ChatAddToolOutputFunction<Message>;
};

/** The store's source for one `useChat` chat: its pending `ask_user` calls are the prompts. */
export type ChatQuestionSource = QuestionSource & {
  /**
   * Reads the chat again: each `ask_user` call waiting for input becomes a prompt, one answered in
   * the messages ends its prompt, and one that was already answered is never asked again.
   */
  update<Message extends UIMessage>(chat: AskUserChat<Message>): void;
  /** Stops the deadlines; the chat is left as it is. */
  close(): void;
};

/** Reading a chat's calls, loaded as a source is made; `<AskUserToolPart>` reads ended calls with it. */
// Typed by a type-only import: an inferred `typeof import("./chat-calls")` would reach the
// declarations without the `.js` extension node16 resolution needs.
export const chatCalls: LazyModule<typeof ChatCalls> = lazyModule(() => import("./chat-calls"));

/** Creates the source; the host calls `update(chat)` whenever the chat's messages change. */
export function createChatQuestionSource(options: ChatQuestionSourceOptions): ChatQuestionSource {
  const toolName = options.toolName ?? AI_SDK_TOOL_NAME;
  const local = createLocalQuestionSource({ name: "ai-sdk", clock: options.clock });
  chatCalls.load().catch(() => undefined);
  let updater: Pick<ChatQuestionSource, "update"> | null = null;
  const gate = createPartGate();
  // The latest update waits for the reader (each update is the whole chat): an update that
  // follows ends the wait of the one before.
  let waiting: AbortController | null = null;
  const update = <Message extends UIMessage>(chat: AskUserChat<Message>): void => {
    waiting?.abort();
    waiting = null;
    const calls = chatCalls.loaded();
    if (calls !== null) {
      updater ??= calls.createChatUpdater(local, options);
      updater.update(chat);
      return;
    }
    const wait = new AbortController();
    waiting = wait;
    // A chat with no call waiting for input waits silently: no question is missing from the
    // page yet. One that waits is said (the store's `sourceFailure`, with Try again) should the
    // reader not load.
    const asks = chat.messages.some((message) =>
      askUserPartsOf(message, toolName).some((part) => part.state === "input-available"),
    );
    (asks ? gate.wait(chatCalls, { signal: wait.signal }) : chatCalls.load()).then(
      () => {
        if (waiting === wait) update(chat);
      },
      () => undefined,
    );
  };
  return {
    ...local,
    parts: gate,
    update,
    close: () => {
      waiting?.abort();
      local.close();
    },
  };
}
