import { QUESTIONS_SCOPE } from "../protocol/constants";
import type { ConnectClient } from "../protocol/types";
import { withAsyncQuestions } from "./async-question-api";
import type { GatewayClientOptions } from "./client-options";
import { createDeviceIdentityProvider } from "./device-identity";
import { forgetDeviceToken } from "./device-token-binding";
import { createGatewayClient, type GatewayClientHandle } from "./gateway-client";
import { createIndexedDbDeviceTokenStore, createIndexedDbKeyStore } from "./indexed-db-stores";

/** Client id the gateway pairs silently from a browser on loopback. */
export const BROWSER_CLIENT_ID = "openclaw-control-ui";
/** Client mode that goes with `BROWSER_CLIENT_ID`. */
export const BROWSER_CLIENT_MODE = "webchat";
/** Kept constant: the gateway pins a paired key to its platform, a change forces re-approval. */
export const BROWSER_PLATFORM = "web";
/** Version string sent in `client.version`. */
export const KIT_VERSION = "0.1.0";
const DEFAULT_DISPLAY_NAME = "Ask User Kit";

/** Options of `createBrowserGatewayClient`; everything but url and token is optional. */
export type BrowserGatewayClientOptions = {
  url: string;
  token?: string;
  /** Base display name; a random label persisted with the device key is appended. */
  displayName?: string;
  scopes?: string[];
} & Partial<Omit<GatewayClientOptions, "url" | "client" | "scopes" | "auth">> & {
    tokenStorage?: "memory" | "session";
  };

/** The browser client's handle: a client that can also forget its stored device token. */
export type BrowserGatewayClientHandle = GatewayClientHandle & {
  /** Removes this gateway's stored device token; the next connect signs in with the shared token. */
  forgetDeviceToken(): Promise<void>;
};

/**
 * A browser client: `openclaw-control-ui`/`webchat`, device identity and device tokens in IndexedDB.
 * It asks for `operator.read` and `operator.write` beside `operator.questions` (unless `scopes`
 * says otherwise), and a provider given it shows OpenClaw's async questions too.
 */
export function createBrowserGatewayClient(
  options: BrowserGatewayClientOptions,
): BrowserGatewayClientHandle {
  const { token, displayName, tokenStorage, scopes, device, deviceTokenStore, ...rest } = options;
  const navigatorInfo = globalThis.navigator;
  const identityProvider =
    device === undefined
      ? createDeviceIdentityProvider({ keyStore: createIndexedDbKeyStore() })
      : device;
  const tokenStore =
    deviceTokenStore === undefined ? createIndexedDbDeviceTokenStore() : deviceTokenStore;
  const role = rest.role ?? "operator";
  const handle = createGatewayClient({
    device: identityProvider,
    deviceTokenStore: tokenStore,
    ...(navigatorInfo?.language ? { locale: navigatorInfo.language } : {}),
    ...(navigatorInfo?.userAgent ? { userAgent: navigatorInfo.userAgent } : {}),
    ...rest,
    // Reading and writing the chat: OpenClaw's async questions come in messages, answers go as one.
    scopes: scopes ?? [QUESTIONS_SCOPE, "operator.read", "operator.write"],
    auth: {
      ...(token === undefined || token === "" ? {} : { token }),
      tokenStorage: tokenStorage ?? "memory",
    },
    client: (identity): ConnectClient => ({
      id: BROWSER_CLIENT_ID,
      version: KIT_VERSION,
      platform: BROWSER_PLATFORM,
      mode: BROWSER_CLIENT_MODE,
      displayName: identity
        ? `${displayName ?? DEFAULT_DISPLAY_NAME} ${identity.label}`
        : (displayName ?? DEFAULT_DISPLAY_NAME),
    }),
  });
  return {
    ...handle,
    extendQuestionApi: (api) => withAsyncQuestions(api),
    forgetDeviceToken: () =>
      forgetDeviceToken({
        gatewayUrl: options.url,
        role,
        device: identityProvider,
        deviceTokenStore: tokenStore,
      }),
  };
}
