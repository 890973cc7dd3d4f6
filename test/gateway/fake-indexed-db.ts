/** A minimal in-memory IDBFactory: enough for the kit's stores, with injectable open failures. */
export type FakeIndexedDb = {
  factory: IDBFactory;
  /** Values by store name and key; tests may plant damaged values here. */
  data: Map<string, Map<string, unknown>>;
  /** How many of the next `open` calls fail. */
  failingOpens: number;
  opens: number;
};

type FakeRequest<T> = {
  result: T;
  error: Error | null;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  onupgradeneeded: (() => void) | null;
};

function settleLater<T>(request: FakeRequest<T>, outcome: () => T): FakeRequest<T> {
  setTimeout(() => {
    try {
      request.result = outcome();
      request.onsuccess?.();
    } catch (error) {
      request.error = error instanceof Error ? error : new Error(String(error));
      request.onerror?.();
    }
  }, 0);
  return request;
}

function newRequest<T>(): FakeRequest<T> {
  return {
    result: undefined as T,
    error: null,
    onsuccess: null,
    onerror: null,
    onupgradeneeded: null,
  };
}

export function createFakeIndexedDb(): FakeIndexedDb {
  const fake: FakeIndexedDb = {
    factory: undefined as unknown as IDBFactory,
    data: new Map(),
    failingOpens: 0,
    opens: 0,
  };
  const storeOf = (name: string) => {
    let store = fake.data.get(name);
    if (store === undefined) {
      store = new Map();
      fake.data.set(name, store);
    }
    return {
      get: (key: string) => settleLater(newRequest(), () => store.get(key)),
      put: (value: unknown, key: string) =>
        settleLater(newRequest(), () => {
          store.set(key, value);
          return key;
        }),
      delete: (key: string) =>
        settleLater(newRequest(), () => {
          store.delete(key);
          return undefined;
        }),
    };
  };
  const database = {
    createObjectStore: (name: string) => storeOf(name),
    transaction: (name: string) => ({ objectStore: () => storeOf(name) }),
  };
  fake.factory = {
    open: () => {
      fake.opens += 1;
      const request = newRequest<typeof database>();
      const failing = fake.failingOpens > 0;
      if (failing) fake.failingOpens -= 1;
      return settleLater(request, () => {
        if (failing) throw new Error("The operation failed for reasons unrelated to the database");
        return database;
      });
    },
  } as unknown as IDBFactory;
  return fake;
}
