/** Where the demo's server serves the kit's drop-in question worker: at the root, so it covers the page. */
export const QUESTION_WORKER_PATH = "/ask-user-kit-worker.js";
