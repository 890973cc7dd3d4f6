import { afterEach, describe, expect, it, vi } from "vitest";
import { createSharedTokenHolder } from "../../src/gateway/shared-token";
import { createHarness } from "./client-harness";
import { answerConnect, helloPayload } from "./gateway-fixtures";

function createStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("given session token storage", () => {
  it("should reuse a token entered earlier in the tab and never touch localStorage", () => {
    const session = createStorage();
    const local = createStorage();
    vi.stubGlobal("sessionStorage", session);
    vi.stubGlobal("localStorage", local);
    createSharedTokenHolder("ws://127.0.0.1:1", "secret", "session");
    const later = createSharedTokenHolder("ws://127.0.0.1:1", undefined, "session");
    expect(later.get()).toBe("secret");
    expect(local.length).toBe(0);
  });

  it("should forget the token when it is cleared", () => {
    vi.stubGlobal("sessionStorage", createStorage());
    const holder = createSharedTokenHolder("ws://127.0.0.1:1", "secret", "session");
    holder.set(null);
    expect(createSharedTokenHolder("ws://127.0.0.1:1", undefined, "session").get()).toBeNull();
  });
});

/** A sessionStorage that, once full, refuses every write (quota exceeded, Safari private mode). */
function createRefusingStorage(full = true): Storage & { full: boolean } {
  const inner = createStorage();
  const refuse = (write: () => void) => {
    if (storage.full) throw new DOMException("quota exceeded", "QuotaExceededError");
    write();
  };
  const storage = {
    full,
    get length() {
      return inner.length;
    },
    clear: () => inner.clear(),
    getItem: (key: string) => inner.getItem(key),
    key: (index: number) => inner.key(index),
    setItem: (key: string, value: string) => refuse(() => inner.setItem(key, value)),
    removeItem: (key: string) => refuse(() => inner.removeItem(key)),
  };
  return storage;
}

const TOKEN_MISMATCH = {
  code: "INVALID_REQUEST",
  message: "unauthorized: gateway token mismatch",
  details: { code: "AUTH_TOKEN_MISMATCH", authReason: "token_mismatch" },
};

describe("given session token storage that refuses writes", () => {
  it("should sign in with the page's token although it could not be stored", async () => {
    vi.stubGlobal("sessionStorage", createRefusingStorage());
    const { client, sockets } = createHarness({
      auth: { token: "secret", tokenStorage: "session" },
    });
    client.connect();
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sockets.latest().lastRequest("connect").params.auth).toEqual({ token: "secret" });
    expect(client.getState().status).toBe("connected");
  });

  it("should keep a token set or cleared later in memory", () => {
    vi.stubGlobal("sessionStorage", createRefusingStorage());
    const holder = createSharedTokenHolder("ws://127.0.0.1:1", undefined, "session");
    holder.set("secret");
    expect(holder.get()).toBe("secret");
    holder.set(null);
    expect(holder.get()).toBeNull();
  });

  it("should still reconnect with a new token typed after an auth failure", async () => {
    const storage = createRefusingStorage(false);
    vi.stubGlobal("sessionStorage", storage);
    const { client, sockets } = createHarness({
      auth: { token: "old-token", tokenStorage: "session" },
    });
    client.connect();
    await answerConnect(sockets.latest(), { ok: false, error: TOKEN_MISMATCH });
    expect(client.getState().status).toBe("failed");
    storage.full = true;
    client.setToken("new-token");
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sockets.latest().lastRequest("connect").params.auth).toEqual({ token: "new-token" });
    expect(client.getState().status).toBe("connected");
  });
});

describe("given memory token storage", () => {
  it("should keep the token out of sessionStorage", () => {
    const session = createStorage();
    vi.stubGlobal("sessionStorage", session);
    const holder = createSharedTokenHolder("ws://127.0.0.1:1", "secret", "memory");
    expect(holder.get()).toBe("secret");
    expect(session.length).toBe(0);
  });
});
