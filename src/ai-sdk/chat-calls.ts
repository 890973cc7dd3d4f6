// A chat's ask_user calls read into the dock's prompts, and the record an ended call stands for:
// a chunk of its own, loaded as the chat's source is made (see chat-question-source.ts).
import { readAskUserOutcome } from "../protocol/ask-user-tool-result";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import type { QuestionAnswers, QuestionRecord } from "../protocol/types";
import { defaultDraftStorage } from "../store/default-storage";
import { createFirstSeenTimes } from "../store/first-seen-times";
import type { LocalQuestionSource } from "../store/local-source";
import { AI_SDK_TOOL_NAME, type AskUserPart, askUserPartsOf, isEndedPart } from "./ask-user-parts";
import type { AskUserToolOutput } from "./ask-user-tool";
import type { ChatQuestionSource, ChatQuestionSourceOptions } from "./chat-question-source";

const SEEN_KEY_PREFIX = "ask-user-kit:ai-sdk-seen:";

type Output =
  | { tool: string; toolCallId: string; output: AskUserToolOutput }
  | { tool: string; toolCallId: string; state: "output-error"; errorText: string };
type SendOutput = (output: Output) => void | PromiseLike<void>;

function describeIssues(issues: ReadonlyArray<{ path: string; message: string }>): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n");
}

/** How a chat's calls become the dock's prompts and its answers tool outputs, for `local`. */
export function createChatUpdater(
  local: LocalQuestionSource,
  options: ChatQuestionSourceOptions,
): Pick<ChatQuestionSource, "update"> {
  const toolName = options.toolName ?? AI_SDK_TOOL_NAME;
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
  };
}

/** The record an ended part stands for, read from the part alone (its prompt is gone from storage). */
export function recordOfPart(part: AskUserPart): QuestionRecord | null {
  const input = normalizeAskUserInput(part.input);
  if (!input.ok) return null;
  const outcome =
    part.state === "output-available"
      ? readAskUserOutcome("", part.output)
      : ({ status: "cancelled" } as const);
  return {
    id: part.toolCallId,
    questions: input.value.questions,
    createdAtMs: 0,
    expiresAtMs: 0,
    ...(outcome.status === "answered"
      ? { status: "answered", answers: outcome.answers }
      : { status: outcome.status }),
  };
}
