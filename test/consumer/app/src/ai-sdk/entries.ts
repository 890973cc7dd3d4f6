// Type-checked only: one import from each AI SDK entry, each proven to be typed. This folder is
// compiled with skipLibCheck, as Next.js and Vite apps are: the `ai` package's own declarations
// need @types/node and @types/json-schema, which it does not depend on. An entry whose
// declarations do not resolve would arrive here as `any`, which this check refuses.
import { askUserTool, createChatQuestionSource, isAskUserPart } from "ask-user-kit/ai-sdk";
import { AskUserToolPart, useAskUserChat } from "ask-user-kit/ai-sdk/react";

type IsAny<T> = 0 extends 1 & T ? true : false;
/** Compiles only when `value` has a real type. */
function typed<T>(value: T, _typed: IsAny<T> extends true ? never : true): T {
  return value;
}

export const aiSdkEntries = [
  typed(askUserTool, true),
  typed(isAskUserPart, true),
  typed(createChatQuestionSource, true),
  typed(useAskUserChat, true),
  typed(AskUserToolPart, true),
];
