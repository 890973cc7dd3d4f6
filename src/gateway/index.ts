export {
  type AsyncQuestionApi,
  type AsyncQuestionOptions,
  withAsyncQuestions,
} from "./async-question-api";
export { type BackendGatewayClientOptions, createBackendGatewayClient } from "./backend-client";
export {
  type BrowserGatewayClientHandle,
  type BrowserGatewayClientOptions,
  createBrowserGatewayClient,
} from "./browser-client";
export type { GatewayClientOptions } from "./client-options";
export type { Clock, TimerHandle } from "./clock";
export { describeConnectionFailure, type FailureDescription } from "./describe-failure";
export { createDeviceIdentityProvider, type DeviceIdentityOptions } from "./device-identity";
export { forgetDeviceToken } from "./device-token-binding";
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
} from "./errors";
export {
  createIndexedDbDeviceTokenStore,
  createIndexedDbKeyStore,
  type IndexedDbStoreOptions,
} from "./indexed-db-stores";
export { createMemoryDeviceTokenStore, createMemoryKeyStore } from "./memory-stores";
export { createQuestionApi } from "./question-api";
export type {
  ConnectionFailure,
  ConnectionState,
  GatewayClient,
  GatewayClientEvent,
  QuestionApi,
  QuestionListOptions,
  QuestionRequestParams,
  SocketFactory,
  SocketLike,
} from "./types";
