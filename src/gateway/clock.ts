/** Opaque handle returned by `Clock.setTimeout`. */
export type TimerHandle = { readonly __timer: unique symbol } | number | object;

/** Time source; tests inject a fake one. */
export type Clock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
};

/** The real clock of the host. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};
