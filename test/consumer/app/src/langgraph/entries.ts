// Type-checked only: one import from each LangGraph entry, each proven to be typed. This folder is
// compiled with skipLibCheck, as Vite and Next.js apps are: @langchain/core's own declarations
// need `Symbol.asyncDispose` (lib esnext.disposable), and checking them takes TypeScript 5 about
// 15 s. An entry whose declarations do not resolve would arrive here as `any`, which this check
// refuses.
import { createThreadQuestionSource, readReviewRequest } from "ask-user-kit/langgraph";
import { askUserTool } from "ask-user-kit/langgraph/agent";
import { useAskUserStream } from "ask-user-kit/langgraph/react";

type IsAny<T> = 0 extends 1 & T ? true : false;
/** Compiles only when `value` has a real type. */
function typed<T>(value: T, _typed: IsAny<T> extends true ? never : true): T {
  return value;
}

export const langGraphEntries = [
  typed(createThreadQuestionSource, true),
  typed(readReviewRequest, true),
  typed(askUserTool, true),
  typed(useAskUserStream, true),
];
