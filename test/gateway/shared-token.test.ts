import { afterEach, describe, expect, it, vi } from "vitest";
import { createSharedTokenHolder } from "../../src/gateway/shared-token";

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

describe("given memory token storage", () => {
  it("should keep the token out of sessionStorage", () => {
    const session = createStorage();
    vi.stubGlobal("sessionStorage", session);
    const holder = createSharedTokenHolder("ws://127.0.0.1:1", "secret", "memory");
    expect(holder.get()).toBe("secret");
    expect(session.length).toBe(0);
  });
});
