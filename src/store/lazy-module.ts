/** A module loaded with import() once, shared by every store of the page. */
export type LazyModule<Module> = {
  /** The module once it has loaded, else null. */
  loaded(): Module | null;
  /** Loads it, or again after a failed load (a network error). */
  load(): Promise<Module>;
};

/** The URL a failed `import()` names (Chromium, Firefox; Safari names none). */
const FAILED_IMPORT = /dynamically imported module: (\S+)/;

/**
 * `import(url)` out of bundlers' sight: they rewrite or refuse an import of a computed URL (the
 * OpenClaw plugin build fails on one). Null on a page whose CSP forbids it (no `unsafe-eval`).
 */
function urlImporter(): ((url: string) => Promise<unknown>) | null {
  try {
    return new Function("url", "return import(url)") as (url: string) => Promise<unknown>;
  } catch {
    return null;
  }
}

/**
 * Loads the module at `url` under a URL of its own: a browser that keeps a failed import's outcome
 * for the page's life (Chromium 150) fails an `import()` of the same URL again without fetching
 * it. Its static imports keep their URLs, so the modules it shares stay single. Null when the
 * page cannot (its CSP): the bundler's own import is asked again.
 */
function importAgain(url: string, attempt: number): Promise<unknown> | null {
  const fresh = `${url}${url.includes("?") ? "&" : "?"}retry=${attempt}`;
  return urlImporter()?.(fresh) ?? null;
}

/**
 * A host's bundler ships what `importModule` imports as a chunk of its own; `make` turns the
 * module into the part its users want, once.
 */
export function lazyModule<Module>(importModule: () => Promise<Module>): LazyModule<Module>;
export function lazyModule<Module, Part>(
  importModule: () => Promise<Module>,
  make: (module: Module) => Part,
): LazyModule<Part>;
export function lazyModule<Module, Part>(
  importModule: () => Promise<Module>,
  make?: (module: Module) => Part,
): LazyModule<Part | Module> {
  let loaded: Part | Module | null = null;
  let pending: Promise<Part | Module> | null = null;
  // After a failed load: the URL the failure named, and how many times it was asked for again.
  let failedUrl: string | null = null;
  let attempts = 0;
  const fetchModule = (): Promise<Module> => {
    if (failedUrl === null) return importModule();
    attempts += 1;
    return (importAgain(failedUrl, attempts) as Promise<Module> | null) ?? importModule();
  };
  return {
    loaded: () => loaded,
    load: () => {
      if (loaded !== null) return Promise.resolve(loaded);
      pending ??= fetchModule().then(
        (module) => {
          loaded = make === undefined ? module : make(module);
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          failedUrl = FAILED_IMPORT.exec(String(error))?.[1] ?? failedUrl;
          throw error;
        },
      );
      return pending;
    },
  };
}
