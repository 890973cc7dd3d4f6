import { useEffect } from "react";
import {
  type BrowserGatewayClientOptions,
  createBrowserGatewayClient,
} from "../gateway/browser-client";
import { QuestionsProvider, type QuestionsProviderProps, useMadeFrom } from "./provider";

/** Props of `<GatewayQuestionsProvider>`: the provider's, with a gateway to connect to. */
export type GatewayQuestionsProviderProps = Omit<
  QuestionsProviderProps,
  "store" | "api" | "client"
> & {
  /**
   * URL and shared token (plus any other browser client option). Compared by value (arrays item
   * by item, functions and objects by identity): an equal object keeps the connection, a changed
   * one closes it and connects a new client.
   */
  gateway: BrowserGatewayClientOptions;
};

function sameOption(previous: unknown, next: unknown): boolean {
  if (Object.is(previous, next)) return true;
  return (
    Array.isArray(previous) &&
    Array.isArray(next) &&
    previous.length === next.length &&
    previous.every((item, index) => Object.is(item, next[index]))
  );
}

function sameGateway(
  previous: BrowserGatewayClientOptions,
  next: BrowserGatewayClientOptions,
): boolean {
  const previousEntries = Object.entries(previous);
  const nextOptions: Record<string, unknown> = next;
  return (
    previousEntries.length === Object.keys(next).length &&
    previousEntries.every(
      ([key, value]) => Object.hasOwn(next, key) && sameOption(value, nextOptions[key]),
    )
  );
}

/**
 * `<QuestionsProvider>` with its own connection: creates a browser client (device identity,
 * reconnect) from `gateway`, connects it on mount and closes it on unmount or when `gateway`
 * changes. A host that has a connection passes `client`, `api` or `store` to `QuestionsProvider`
 * and ships none of this.
 */
export function GatewayQuestionsProvider({ gateway, ...props }: GatewayQuestionsProviderProps) {
  const client = useMadeFrom(gateway, sameGateway, createBrowserGatewayClient);
  useEffect(() => {
    client.connect();
    return () => client.close();
  }, [client]);
  return <QuestionsProvider {...props} client={client} />;
}
