export {
  BACKEND_CLIENT_ID,
  BACKEND_CLIENT_MODE,
  type BackendGatewayClientOptions,
  createBackendGatewayClient,
} from "./backend-client";
export {
  BROWSER_CLIENT_ID,
  BROWSER_CLIENT_MODE,
  BROWSER_PLATFORM,
  type BrowserGatewayClientHandle,
  type BrowserGatewayClientOptions,
  createBrowserGatewayClient,
} from "./browser-client";
export type { GatewayClientOptions } from "./client-options";
export { DEFAULT_RPC_TIMEOUT_MS } from "./client-settings";
export { type Clock, systemClock, type TimerHandle } from "./clock";
export {
  ALLOWED_ORIGINS_CONFIG_KEY,
  buildAllowOriginCommand,
  type ConnectErrorOutcome,
  classifyConnectError,
} from "./connect-failure";
export { describeConnectionFailure, type FailureDescription } from "./describe-failure";
export { buildDeviceAuthPayload, type DeviceAuthPayloadFields } from "./device-auth-payload";
export { createDeviceIdentityProvider, type DeviceIdentityOptions } from "./device-identity";
export { fingerprintSharedToken, forgetDeviceToken } from "./device-token-binding";
export type {
  DeviceIdentity,
  DeviceIdentityProvider,
  DeviceTokenKey,
  DeviceTokenStore,
  KeyStore,
  StoredDeviceKey,
  StoredDeviceToken,
} from "./device-types";
export {
  DeviceStorageError,
  GatewayDisconnectedError,
  GatewayInvalidResponseError,
  GatewayRequestError,
  GatewayTimeoutError,
  isOutcomeUnknownError,
  isQuestionError,
} from "./errors";
export { createGatewayClient, type GatewayClientHandle } from "./gateway-client";
export {
  createIndexedDbDeviceTokenStore,
  createIndexedDbKeyStore,
  type IndexedDbStoreOptions,
} from "./indexed-db-stores";
export { createMemoryDeviceTokenStore, createMemoryKeyStore } from "./memory-stores";
export { createQuestionApi, MAX_RESOLVE_RPC_TIMEOUT_MS } from "./question-api";
export {
  computeReconnectDelay,
  RECONNECT_INITIAL_DELAY_MS,
  RECONNECT_JITTER_RATIO,
  RECONNECT_MAX_DELAY_MS,
} from "./reconnect-backoff";
export type {
  ConnectionFailure,
  ConnectionState,
  GatewayClient,
  GatewayClientEvent,
  GatewayRequestErrorInit,
  QuestionApi,
  QuestionListOptions,
  QuestionRequestParams,
  SocketFactory,
  SocketLike,
} from "./types";
