import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { StoreApi } from "zustand/vanilla";
import { createBrowserGatewayClient, createQuestionApi } from "../gateway/index";
import type { GatewayClient, QuestionApi } from "../gateway/types";
import { createQuestionStore } from "../store/index";
import type { QuestionStore } from "../store/types";
import { QuestionsContext, type QuestionsContextValue } from "./context";
import { type Dictionary, en } from "./i18n/en";

/** Where the provider gets its store: a host's store, a host's API or client, or a gateway URL. */
export type QuestionsSource =
  | { store: StoreApi<QuestionStore> }
  | { api: QuestionApi }
  | { client: GatewayClient }
  | { gateway: { url: string; token: string } };

/** Props of `<QuestionsProvider>`. */
export type QuestionsProviderProps = QuestionsSource & {
  sessionKey: string;
  agentId?: string;
  dictionary?: Dictionary;
  /** Names the gateway in draft and timeline storage keys; defaults to the gateway URL (required to tell gateways apart when only an `api` is given). */
  gatewayKey?: string;
  children?: ReactNode;
};

type Owned = { store: StoreApi<QuestionStore>; client: GatewayClient | null; ownsStore: boolean };

function createOwned(source: QuestionsSource, key: string | undefined): Owned {
  if ("store" in source) return { store: source.store, client: null, ownsStore: false };
  const gatewayKey =
    key ??
    ("gateway" in source
      ? source.gateway.url
      : "client" in source
        ? source.client.url
        : source.api.client.url);
  if ("api" in source) {
    return {
      store: createQuestionStore({ api: source.api, gatewayKey }),
      client: null,
      ownsStore: true,
    };
  }
  const client = "client" in source ? source.client : createBrowserGatewayClient(source.gateway);
  const api = createQuestionApi(client);
  return {
    store: createQuestionStore({ api, gatewayKey }),
    client: "client" in source ? null : client,
    ownsStore: true,
  };
}

/** Shares one question store with every part below; starts it and its connection in an effect. */
export function QuestionsProvider(props: QuestionsProviderProps) {
  const { sessionKey, agentId, dictionary = en, children } = props;
  const [owned] = useState(() => createOwned(props, props.gatewayKey));

  useEffect(() => {
    if (owned.ownsStore) owned.store.getState().start();
    owned.client?.connect();
    return () => {
      if (owned.ownsStore) owned.store.getState().stop();
      owned.client?.close();
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
