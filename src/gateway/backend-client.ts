import { QUESTIONS_SCOPE } from "../protocol/constants";
import type { GatewayClientOptions } from "./client-options";
import { createGatewayClient, type GatewayClientHandle } from "./gateway-client";
import type { SocketFactory } from "./types";

/** Client id of a trusted back-end process. */
export const BACKEND_CLIENT_ID = "gateway-client";
/** Client mode that goes with `BACKEND_CLIENT_ID`. */
export const BACKEND_CLIENT_MODE = "backend";
const BACKEND_VERSION = "0.1.0";
const BACKEND_PLATFORM = "node";

/** Options of `createBackendGatewayClient`. */
export type BackendGatewayClientOptions = {
  url: string;
  token: string;
  socketFactory: SocketFactory;
  displayName?: string;
  scopes?: string[];
} & Partial<Omit<GatewayClientOptions, "url" | "client" | "scopes" | "auth" | "socketFactory">>;

/** A back-end client (`gateway-client`/`backend`): shared token, no device, for agents, scripts and tests. */
export function createBackendGatewayClient(
  options: BackendGatewayClientOptions,
): GatewayClientHandle {
  const { token, displayName, scopes, ...rest } = options;
  return createGatewayClient({
    origin: null,
    ...rest,
    scopes: scopes ?? [QUESTIONS_SCOPE],
    auth: { token },
    device: null,
    deviceTokenStore: null,
    client: {
      id: BACKEND_CLIENT_ID,
      version: BACKEND_VERSION,
      platform: BACKEND_PLATFORM,
      mode: BACKEND_CLIENT_MODE,
      ...(displayName === undefined ? {} : { displayName }),
    },
  });
}
