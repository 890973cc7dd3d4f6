const SESSION_KEY_PREFIX = "ask-user-kit:gateway-token:";

function findSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
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
  let token = initial ?? session?.getItem(key) ?? null;
  const holder: SharedTokenHolder = {
    get: () => token,
    set: (next) => {
      token = next && next.length > 0 ? next : null;
      if (!session) return;
      if (token) session.setItem(key, token);
      else session.removeItem(key);
    },
  };
  if (initial !== undefined) holder.set(initial);
  return holder;
}
