/** First reconnect delay. */
export const RECONNECT_INITIAL_DELAY_MS = 1_000;
/** Reconnect delays double up to this cap. */
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** Up to this share of a delay is removed at random, so clients do not reconnect in lockstep. */
export const RECONNECT_JITTER_RATIO = 0.2;

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s ... 30 s, minus jitter. */
export function computeReconnectDelay(attempt: number, random: () => number): number {
  const exponent = Math.max(0, attempt - 1);
  const base = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_INITIAL_DELAY_MS * 2 ** exponent);
  const jitter = base * RECONNECT_JITTER_RATIO * Math.min(1, Math.max(0, random()));
  return Math.round(base - jitter);
}
