// Type-checked only: one import from every entry of the package, each proven to be typed (an
// entry whose declarations do not resolve arrives as `any`, which skipLibCheck would hide). The
// two AI SDK entries are in ai-sdk/entries.ts, checked with the README's AI SDK examples, and the
// three LangGraph entries in langgraph/entries.ts, checked with the README's LangGraph examples.

import {
  ComposerDock,
  createBrowserGatewayClient,
  type Dictionary,
  QuestionDock,
  QuestionsProvider,
} from "ask-user-kit";
import { askUserTool, createAgentQuestionSource } from "ask-user-kit/ag-ui";
import { useAskUserAgent } from "ask-user-kit/ag-ui/react";
import { buildTelegramKeyboard, finalizationText } from "ask-user-kit/channels";
import { ComposerDock as ComposerDockWithLazyPanel } from "ask-user-kit/composer";
import {
  createBackendGatewayClient,
  createQuestionApi,
  createWsSocketFactory,
  GatewayRequestError,
  type QuestionApi,
} from "ask-user-kit/gateway";
import { ar } from "ask-user-kit/locales/ar";
import { de } from "ask-user-kit/locales/de";
import { ja } from "ask-user-kit/locales/ja";
import { NotificationAnswers, NotificationSwitch } from "ask-user-kit/notify";
import { handleQuestionNotificationClick } from "ask-user-kit/notify/worker";
import {
  normalizeAskUserInput,
  PROTOCOL_VERSION,
  type QuestionRecord,
  toAskUserResult,
} from "ask-user-kit/protocol";
import { createQuestionStore, selectActivePrompt } from "ask-user-kit/store";
import "ask-user-kit/style.css";
import { createMockGateway, singleChoiceRecord } from "ask-user-kit/testing";

type IsAny<T> = 0 extends 1 & T ? true : false;
/** Compiles only when `value` has a real type. */
function typed<T>(value: T, _typed: IsAny<T> extends true ? never : true): T {
  return value;
}

export const entries = [
  typed(ComposerDock, true),
  typed(ComposerDockWithLazyPanel, true),
  typed(QuestionDock.Root, true),
  typed(createBrowserGatewayClient, true),
  typed(buildTelegramKeyboard, true),
  typed(finalizationText, true),
  typed(createBackendGatewayClient, true),
  typed(createQuestionApi, true),
  typed(createWsSocketFactory, true),
  typed(GatewayRequestError, true),
  typed(normalizeAskUserInput, true),
  typed(PROTOCOL_VERSION, true),
  typed(createQuestionStore, true),
  typed(selectActivePrompt, true),
  typed(createMockGateway, true),
  typed(singleChoiceRecord, true),
  typed(NotificationAnswers, true),
  typed(NotificationSwitch, true),
  typed(handleQuestionNotificationClick, true),
  typed(askUserTool, true),
  typed(createAgentQuestionSource, true),
  typed(useAskUserAgent, true),
];

export const dictionaries: Dictionary[] = [typed(de, true), typed(ja, true), typed(ar, true)];

/** The agent's result for a stored record, as a Node back end would hand it over. */
export function resultFor(record: QuestionRecord): string {
  return toAskUserResult(record).text;
}

/** A back end's question API over the Node socket factory. */
export function backEndApi(url: string, token: string): QuestionApi {
  const client = createBackendGatewayClient({
    url,
    token,
    socketFactory: createWsSocketFactory(),
  });
  return createQuestionApi(client);
}

/** The provider with a dictionary and the dock, typed as a host writes them. */
export function GermanPane({ url, token }: { url: string; token: string }) {
  const client = createBrowserGatewayClient({ url, token });
  return (
    <QuestionsProvider client={client} sessionKey="main" dictionary={de}>
      <ComposerDock composer={<textarea aria-label="Nachricht" />} />
    </QuestionsProvider>
  );
}
