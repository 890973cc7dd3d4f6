import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { StoreApi } from "zustand/vanilla";
import { createQuestionApi } from "../gateway/question-api";
import type { GatewayClient, QuestionApi } from "../gateway/types";
import { createQuestionStore } from "../store/index";
import type { QuestionStore } from "../store/types";
import { QuestionsContext, type QuestionsContextValue } from "./context";
import { type Dictionary, en } from "./i18n/en";

/**
 * Where the provider gets its store: a host's store, or a host's API or client. The provider
 * imports no WebSocket client: a host with its own connection ships none (`GatewayQuestionsProvider`
 * adds one from a URL and token).
 */
export type QuestionsSource =
  | { store: StoreApi<QuestionStore> }
  | { api: QuestionApi }
  | { client: GatewayClient };

/** Props of `<QuestionsProvider>`. */
export type QuestionsProviderProps = QuestionsSource & {
  sessionKey: string;
  agentId?: string;
  dictionary?: Dictionary;
  /** Names the gateway in draft and timeline storage keys; defaults to the gateway URL (required to tell gateways apart when only an `api` is given). */
  gatewayKey?: string;
  children?: ReactNode;
};

type Owned = { store: StoreApi<QuestionStore>; ownsStore: boolean };

function createOwned(source: QuestionsSource, key: string | undefined): Owned {
  if ("store" in source) return { store: source.store, ownsStore: false };
  const api = "api" in source ? source.api : createQuestionApi(source.client);
  const gatewayKey = key ?? api.client.url;
  return { store: createQuestionStore({ api, gatewayKey }), ownsStore: true };
}

/** Shares one question store with every part below; starts it and its connection in an effect. */
export function QuestionsProvider(props: QuestionsProviderProps) {
  const { sessionKey, agentId, dictionary = en, children } = props;
  const [owned] = useState(() => createOwned(props, props.gatewayKey));

  useEffect(() => {
    if (owned.ownsStore) owned.store.getState().start();
    return () => {
      if (owned.ownsStore) owned.store.getState().stop();
    };
  }, [owned]);

  const value = useMemo<QuestionsContextValue>(
    () => ({
      store: owned.store,
      scope: agentId === undefined ? { sessionKey } : { sessionKey, agentId },
      dictionary,
    }),
    [owned.store, sessionKey, agentId, dictionary],
  );
  return <QuestionsContext.Provider value={value}>{children}</QuestionsContext.Provider>;
}
