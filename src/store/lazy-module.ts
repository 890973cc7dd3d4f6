/** A module loaded with import() once, shared by every store of the page. */
export type LazyModule<Module> = {
  /** The module once it has loaded, else null. */
  loaded(): Module | null;
  /** Loads it, or again after a failed load (a network error). */
  load(): Promise<Module>;
};

/** A host's bundler ships what `importModule` imports as a chunk of its own. */
export function lazyModule<Module>(importModule: () => Promise<Module>): LazyModule<Module> {
  let loaded: Module | null = null;
  let pending: Promise<Module> | null = null;
  return {
    loaded: () => loaded,
    load: () => {
      if (loaded !== null) return Promise.resolve(loaded);
      pending ??= importModule().then(
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
    },
  };
}
