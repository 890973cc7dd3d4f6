import type { StoreApi } from "zustand/vanilla";
import { createBackendGatewayClient } from "../../../src/gateway/backend-client";
import type { Clock } from "../../../src/gateway/clock";
import { createQuestionApi } from "../../../src/gateway/question-api";
import type { GatewayClient, QuestionApi } from "../../../src/gateway/types";
import { createQuestionStore } from "../../../src/store/create-question-store";
import type { DraftStorage, QuestionStore } from "../../../src/store/types";
import { createWsSocketFactory } from "../../../src/testing/ws-socket-factory";

/** A QuestionApi that counts what it sends, so a test can prove nothing went out twice. */
export type CountingApi = QuestionApi & { sent: { resolve: number; cancel: number } };

export function countCalls(api: QuestionApi): CountingApi {
  const sent = { resolve: 0, cancel: 0 };
  return {
    ...api,
    client: api.client,
    onRequested: api.onRequested,
    onResolved: api.onResolved,
    sent,
    resolve: (...args) => {
      sent.resolve += 1;
      return api.resolve(...args);
    },
    cancel: (...args) => {
      sent.cancel += 1;
      return api.cancel(...args);
    },
  };
}

/** A back-end client over a real loopback WebSocket; reconnect jitter off so delays are exact. */
export function connectClient(
  url: string,
  token: string,
  clock: Clock,
): { client: GatewayClient; api: CountingApi } {
  const client = createBackendGatewayClient({
    url,
    token,
    socketFactory: createWsSocketFactory(),
    clock,
    random: () => 0,
  });
  client.connect();
  return { client, api: countCalls(createQuestionApi(client)) };
}

/** A started store over the given api. */
export function startStore(
  api: QuestionApi,
  clock: Clock,
  storage: DraftStorage | null = null,
): StoreApi<QuestionStore> {
  const store = createQuestionStore({ api, clock, storage, gatewayKey: "ws://test-gateway" });
  store.getState().start();
  return store;
}

/** An in-memory sessionStorage stand-in that survives a "reload" (a new store). */
export function createMemoryStorage(): DraftStorage & { keys(): string[] } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    keys: () => [...items.keys()],
  };
}

const POLL_MS = 5;
const WAIT_LIMIT_MS = 5_000;

/** Waits (real time) until `condition` holds; network round trips need real time even with a fake clock. */
export async function until(condition: () => boolean, what = "condition"): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Lets socket traffic in flight arrive (real time). */
export async function settle(ms = 50): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
