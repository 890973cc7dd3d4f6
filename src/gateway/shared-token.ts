const SESSION_KEY_PREFIX = "ask-user-kit:gateway-token:";

function findSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function attempt<T>(operation: () => T, fallback: T): T {
  try {
    return operation();
  } catch {
    // Storage is best effort (quota exceeded, Safari private mode): the token stays in memory.
    return fallback;
  }
}

/** Holds the shared gateway token in memory, optionally mirrored to sessionStorage (never localStorage). */
export type SharedTokenHolder = { get(): string | null; set(token: string | null): void };

/** Creates the holder; with `session` storage a token entered earlier in this tab is reused. */
export function createSharedTokenHolder(
  gatewayUrl: string,
  initial: string | undefined,
  storage: "memory" | "session",
): SharedTokenHolder {
  const session = storage === "session" ? findSessionStorage() : null;
  const key = SESSION_KEY_PREFIX + gatewayUrl;
  let token = initial ?? attempt(() => session?.getItem(key) ?? null, null);
  const holder: SharedTokenHolder = {
    get: () => token,
    set: (next) => {
      token = next && next.length > 0 ? next : null;
      if (!session) return;
      const stored = token;
      attempt(() => (stored ? session.setItem(key, stored) : session.removeItem(key)), undefined);
    },
  };
  if (initial !== undefined) holder.set(initial);
  return holder;
}
