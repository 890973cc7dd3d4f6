import { lazyModule } from "./lazy-module";

/**
 * What keeps drafts and prompts across a reload, loaded as the page's first store with storage is
 * made; every later store finds it loaded and reads storage at once.
 */
export const persistencePart = lazyModule(() => import("./persistence"));

/**
 * Submit, skip and retry, loaded as a store starts: long before the user answers. A store whose
 * part has not loaded yet sends once it has.
 */
export const submissionPart = lazyModule(() => import("./submission-runner"));
