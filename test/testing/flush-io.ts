/** Lets pending socket I/O run. */
export function flushIo(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
