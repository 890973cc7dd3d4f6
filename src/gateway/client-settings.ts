import { QUESTION_METHODS, QUESTIONS_SCOPE } from "../protocol/constants";
import type { GatewayClientOptions } from "./client-options";
import { type Clock, systemClock } from "./clock";
import type { HelloRequirements } from "./hello-check";

/** Default RPC timeout. */
export const DEFAULT_RPC_TIMEOUT_MS = 30_000;

/** Client options with every default applied. */
export type ClientSettings = {
  clock: Clock;
  random: () => number;
  log: (line: string) => void;
  role: "operator";
  requestTimeoutMs: number;
  origin: string | null;
  requirements: HelloRequirements;
};

/** Applies the defaults: system clock, Math.random, no logging, 30 s RPCs, the page's origin. */
export function resolveClientSettings(options: GatewayClientOptions): ClientSettings {
  return {
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    log: options.logger ?? (() => {}),
    role: options.role ?? "operator",
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
    origin: options.origin !== undefined ? options.origin : (globalThis.location?.origin ?? null),
    requirements: {
      scopes: options.requiredScopes ?? [QUESTIONS_SCOPE],
      methods: options.requiredMethods ?? [...QUESTION_METHODS],
    },
  };
}
