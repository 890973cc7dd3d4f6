import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { AsyncQuestionApi } from "../gateway/async-question-api";
import { createQuestionApi } from "../gateway/question-api";
import type { GatewayClient, QuestionApi } from "../gateway/types";
import { canonicalSessionKey } from "../protocol/session-key";
import { createQuestionStore } from "../store/create-question-store";
import type { QuestionStore, SessionScope } from "../store/types";
import { QuestionsContext, type QuestionsContextValue } from "./context";
import type { Dictionary, PageDictionary } from "./i18n/en";
import { enPage } from "./i18n/en-page";

/**
 * Where the provider gets its store: a host's store, or a host's API or client. The provider
 * imports no WebSocket client: a host with its own connection ships none (`GatewayQuestionsProvider`
 * adds one from a URL and token).
 */
export type QuestionsSource =
  | { store: StoreApi<QuestionStore> }
  | { api: QuestionApi }
  | { client: GatewayClient };

/** Props of `<QuestionsProvider>`; a new `store`, `api`, `client` or `gatewayKey` is followed without a remount. */
export type QuestionsProviderProps = QuestionsSource & {
  sessionKey: string;
  agentId?: string;
  /** The locale's strings; English (`en`) when left out. */
  dictionary?: Dictionary;
  /**
   * Strings that replace the `dictionary`'s own, key by key (`{ submit: "Send" }`); the rest stay
   * the locale's. Compared shallowly, so an equal object each render re-renders nothing.
   */
  messages?: Partial<Dictionary>;
  /** Names the gateway in draft and timeline storage keys; defaults to the gateway URL (required to tell gateways apart when only an `api` is given). */
  gatewayKey?: string;
  children?: ReactNode;
};

/**
 * What `create` made of `source`, made again when `source` is no longer `same` as the one it was
 * made of. Kept in state rather than a memo: React may drop a memo's cache, and a store made again
 * would lose its prompts. Making must be free of side effects (a render may be discarded); start
 * what was made in an effect.
 */
export function useMadeFrom<Source, Made>(
  source: Source,
  same: (previous: Source, next: Source) => boolean,
  create: (source: Source) => Made,
): Made {
  const [current, setCurrent] = useState(() => ({ source, made: create(source) }));
  if (same(current.source, source)) return current.made;
  const next = { source, made: create(source) };
  setCurrent(next);
  return next.made;
}

type Source =
  | { kind: "store"; store: StoreApi<QuestionStore> }
  | { kind: "api"; api: QuestionApi; gatewayKey: string | undefined }
  | { kind: "client"; client: GatewayClient; gatewayKey: string | undefined };

type Owned = {
  store: StoreApi<QuestionStore>;
  ownsStore: boolean;
  /** Reads a session's OpenClaw async questions while the pane shows it (`AsyncQuestionApi`). */
  followSession?: (sessionKey: string) => () => void;
};

function sourceOf(props: QuestionsProviderProps): Source {
  if ("store" in props) return { kind: "store", store: props.store };
  if ("api" in props) return { kind: "api", api: props.api, gatewayKey: props.gatewayKey };
  return { kind: "client", client: props.client, gatewayKey: props.gatewayKey };
}

/** Same own keys, each holding the same value: how sources and `messages` are compared. */
function shallowEqual<T extends object>(previous: T, next: T): boolean {
  const keys = Object.keys(next) as Array<keyof T>;
  return (
    keys.length === Object.keys(previous).length &&
    keys.every((key) => Object.is(previous[key], next[key]))
  );
}

function createOwned(source: Source): Owned {
  if (source.kind === "store") return { store: source.store, ownsStore: false };
  const { client } = source.kind === "api" ? source.api : source;
  const api: QuestionApi & Partial<AsyncQuestionApi> =
    source.kind === "api"
      ? source.api
      : (client.extendQuestionApi?.(createQuestionApi(client)) ?? createQuestionApi(client));
  const store = createQuestionStore({ api, gatewayKey: source.gatewayKey ?? client.url });
  // An API that shows OpenClaw's async questions reads them for the sessions the pane shows.
  const { followSession } = api;
  return followSession === undefined
    ? { store, ownsStore: true }
    : { store, ownsStore: true, followSession };
}

type Strings = { dictionary: PageDictionary; messages: Partial<Dictionary> | undefined };

function sameStrings(previous: Strings, next: Strings): boolean {
  const before = previous.messages;
  const after = next.messages;
  return (
    previous.dictionary === next.dictionary &&
    (before === after ||
      (before !== undefined && after !== undefined && shallowEqual(before, after)))
  );
}

function mergeStrings({ dictionary, messages }: Strings): PageDictionary {
  return messages === undefined ? dictionary : { ...dictionary, ...messages };
}

/** Shares one question store with every part below; starts it and its connection in an effect. */
export function QuestionsProvider(props: QuestionsProviderProps) {
  const { sessionKey, agentId, dictionary = enPage, messages, children } = props;
  const owned = useMadeFrom(sourceOf(props), shallowEqual, createOwned);
  const strings = useMadeFrom({ dictionary, messages }, sameStrings, mergeStrings);

  useEffect(() => {
    if (!owned.ownsStore) return;
    owned.store.getState().start();
    return () => owned.store.getState().stop();
  }, [owned]);

  useEffect(
    () => owned.followSession?.(canonicalSessionKey(sessionKey, agentId)),
    [owned, sessionKey, agentId],
  );

  // Parts subscribe to the store per scope: a new scope object would resubscribe them all.
  const scope = useMemo<SessionScope>(
    () => (agentId === undefined ? { sessionKey } : { sessionKey, agentId }),
    [sessionKey, agentId],
  );
  const value = useMemo<QuestionsContextValue>(
    () => ({ store: owned.store, scope, dictionary: strings }),
    [owned.store, scope, strings],
  );
  return <QuestionsContext.Provider value={value}>{children}</QuestionsContext.Provider>;
}
