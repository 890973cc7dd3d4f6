import { useEffect, useState } from "react";
import {
  type BrowserGatewayClientOptions,
  createBrowserGatewayClient,
} from "../gateway/browser-client";
import { QuestionsProvider, type QuestionsProviderProps } from "./provider";

/** Props of `<GatewayQuestionsProvider>`: the provider's, with a gateway to connect to. */
export type GatewayQuestionsProviderProps = Omit<
  QuestionsProviderProps,
  "store" | "api" | "client"
> & {
  /** URL and shared token (plus any other browser client option). */
  gateway: BrowserGatewayClientOptions;
};

/**
 * `<QuestionsProvider>` with its own connection: creates a browser client (device identity,
 * reconnect) from `gateway`, connects it on mount and closes it on unmount. A host that has a
 * connection passes `client`, `api` or `store` to `QuestionsProvider` and ships none of this.
 */
export function GatewayQuestionsProvider({ gateway, ...props }: GatewayQuestionsProviderProps) {
  const [client] = useState(() => createBrowserGatewayClient(gateway));
  useEffect(() => {
    client.connect();
    return () => client.close();
  }, [client]);
  return <QuestionsProvider {...props} client={client} />;
}
