import type { ChatAddToolOutputFunction, UIMessage } from "ai";
import { readAskUserOutcome } from "../protocol/ask-user-tool-result";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import type { QuestionAnswers, QuestionRecord } from "../protocol/types";
import { defaultDraftStorage } from "../store/default-storage";
import { createFirstSeenTimes } from "../store/first-seen-times";
import { createLocalQuestionSource } from "../store/local-source";
import type { QuestionSource } from "../store/question-source";
import type { DraftStorage } from "../store/types";

const SEEN_KEY_PREFIX = "ask-user-kit:ai-sdk-seen:";

import { AI_SDK_TOOL_NAME, type AskUserPart, askUserPartsOf, isEndedPart } from "./ask-user-parts";
import type { AskUserToolOutput } from "./ask-user-tool";

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

type Output =
  | { tool: string; toolCallId: string; output: AskUserToolOutput }
  | { tool: string; toolCallId: string; state: "output-error"; errorText: string };
type SendOutput = (output: Output) => void | PromiseLike<void>;

function describeIssues(issues: ReadonlyArray<{ path: string; message: string }>): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n");
}

/** Creates the source; the host calls `update(chat)` whenever the chat's messages change. */
export function createChatQuestionSource(options: ChatQuestionSourceOptions): ChatQuestionSource {
  const toolName = options.toolName ?? AI_SDK_TOOL_NAME;
  const local = createLocalQuestionSource({ name: "ai-sdk", clock: options.clock });
  const clock = local.client.clock;
  const storage = options.storage === undefined ? defaultDraftStorage() : options.storage;
  const seenTimes = createFirstSeenTimes(storage, `${SEEN_KEY_PREFIX}${options.chatId}`);
  const refused = new Set<string>();
  let sendOutput: SendOutput = () => undefined;

  const reply = (toolCallId: string, output: AskUserToolOutput) => () =>
    sendOutput({ tool: toolName, toolCallId, output });

  const ask = (part: AskUserPart, nowMs: number): void => {
    const normalized = normalizeAskUserInput(part.input);
    if (!normalized.ok) {
      // The server's tool checks its input first; this catches a call that skipped it, so the
      // model hears why instead of the chat waiting for an answer that cannot be given.
      if (refused.has(part.toolCallId)) return;
      refused.add(part.toolCallId);
      void sendOutput({
        tool: toolName,
        toolCallId: part.toolCallId,
        state: "output-error",
        errorText: `ask_user input was refused:\n${describeIssues(normalized.errors)}`,
      });
      return;
    }
    const createdAtMs = seenTimes.seen(part.toolCallId, nowMs);
    const record: QuestionRecord = {
      id: part.toolCallId,
      questions: normalized.value.questions,
      sessionKey: options.chatId,
      // No `runId`: on a gateway it marks a run that a plain chat reply answers, and a chat
      // message never answers a tool call here. The summary shows at the tool part instead.
      origin: "chat",
      createdAtMs,
      expiresAtMs: createdAtMs + normalized.value.timeoutSeconds * 1000,
      status: "pending",
    };
    const noAnswer = reply(part.toolCallId, { status: "no_answer" });
    local.ask(record, {
      answer: (answers: QuestionAnswers) =>
        reply(part.toolCallId, { status: "answered", answers })(),
      decline: noAnswer,
      expire: noAnswer,
    });
  };

  const settle = (part: AskUserPart): void => {
    seenTimes.forget(part.toolCallId);
    if (!local.has(part.toolCallId)) return;
    if (part.state === "output-available") {
      local.settle({ id: part.toolCallId, ...readAskUserOutcome("", part.output) });
    } else {
      local.settle({ id: part.toolCallId, status: "cancelled" });
    }
  };

  return {
    ...local,
    update: (chat) => {
      sendOutput = chat.addToolOutput as unknown as SendOutput;
      const nowMs = clock.now();
      for (const message of chat.messages) {
        // Two calls in one step get consecutive times, so the dock shows them in call order.
        askUserPartsOf(message, toolName).forEach((part, index) => {
          if (part.state === "input-available") ask(part, nowMs + index);
          else if (isEndedPart(part)) settle(part);
        });
      }
      local.open();
    },
    close: () => local.close(),
  };
}
