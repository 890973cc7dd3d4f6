const POLL_MS = 100;
/** Long enough for a cold gateway's first turn (17-35 s on two busy cores). */
export const WAIT_MS = 90_000;

/** Polls `read` until it gives a value; throws naming `what` after `waitMs` (`WAIT_MS`). */
export async function until<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  waitMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
