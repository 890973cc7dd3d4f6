import type { GatewayErrorShape } from "../protocol/types";
import type { Clock, TimerHandle } from "./clock";
import { GatewayDisconnectedError, GatewayRequestError, GatewayTimeoutError } from "./errors";

type PendingRequest = {
  method: string;
  resolve: (payload: unknown) => void;
  reject: (error: Error) => void;
  timer: TimerHandle;
};

/** Requests awaiting a response on one socket, each with its own timeout. */
export type PendingRequests = {
  add(id: string, method: string, timeoutMs: number): Promise<unknown>;
  settle(
    id: string,
    outcome: { ok: true; payload: unknown } | { ok: false; error: GatewayErrorShape },
  ): boolean;
  failAll(): void;
  readonly size: number;
};

/** Creates the pending-request table; on socket loss every entry fails, nothing is replayed. */
export function createPendingRequests(clock: Clock): PendingRequests {
  const pending = new Map<string, PendingRequest>();
  return {
    add: (id, method, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = clock.setTimeout(() => {
          pending.delete(id);
          reject(new GatewayTimeoutError(method, timeoutMs));
        }, timeoutMs);
        pending.set(id, { method, resolve, reject, timer });
      }),
    settle: (id, outcome) => {
      const entry = pending.get(id);
      if (!entry) return false;
      pending.delete(id);
      clock.clearTimeout(entry.timer);
      if (outcome.ok) entry.resolve(outcome.payload);
      else entry.reject(new GatewayRequestError(entry.method, outcome.error));
      return true;
    },
    failAll: () => {
      const entries = [...pending.values()];
      pending.clear();
      for (const entry of entries) {
        clock.clearTimeout(entry.timer);
        entry.reject(new GatewayDisconnectedError(entry.method));
      }
    },
    get size() {
      return pending.size;
    },
  };
}
