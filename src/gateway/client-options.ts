import type { ConnectClient } from "../protocol/types";
import type { Clock } from "./clock";
import type { DeviceIdentity, DeviceIdentityProvider, DeviceTokenStore } from "./device-types";
import type { SocketFactory } from "./types";

/** Options of `createGatewayClient`. */
export type GatewayClientOptions = {
  /** `ws://` or `wss://` URL of the gateway; never put a token in it. */
  url: string;
  /** Defaults to `globalThis.WebSocket`. */
  socketFactory?: SocketFactory;
  clock?: Clock;
  /** Source of reconnect jitter in [0, 1). */
  random?: () => number;
  /** The `connect` client descriptor, or a function of the device identity (for a distinct displayName). */
  client: ConnectClient | ((identity: DeviceIdentity | null) => ConnectClient);
  role?: "operator";
  scopes: string[];
  auth: { token?: string; tokenStorage?: "memory" | "session" };
  device?: DeviceIdentityProvider | null;
  deviceTokenStore?: DeviceTokenStore | null;
  /** Scopes `hello-ok.auth.scopes` must grant; defaults to `operator.questions`. */
  requiredScopes?: string[];
  /** Methods `hello-ok.features.methods` must list; defaults to the five question methods. */
  requiredMethods?: string[];
  /** Default RPC timeout (30 s). */
  requestTimeoutMs?: number;
  /** Receives diagnostic lines; tokens never appear in them. */
  logger?: (line: string) => void;
  /** The page origin, named in origin errors; defaults to `location.origin` in a browser. */
  origin?: string | null;
  locale?: string;
  userAgent?: string;
};
