type PersistenceModule = typeof import("./persistence");

let loaded: PersistenceModule | null = null;
let pending: Promise<PersistenceModule> | null = null;

/** The persistence module once it has loaded (the first store of a page asks for it), else null. */
export function loadedPersistence(): PersistenceModule | null {
  return loaded;
}

/**
 * Loads what keeps drafts and prompts across a reload with import(): a host's bundler ships it as
 * a chunk of its own, fetched as the first store is made. A failed load can be tried again.
 */
export function loadPersistence(): Promise<PersistenceModule> {
  if (loaded !== null) return Promise.resolve(loaded);
  pending ??= import("./persistence").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
