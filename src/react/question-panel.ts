import { lazyPart } from "./lazy-part";

/**
 * The composer dock's question panel (dock, card, bar, outcome notice), loaded with import(): a
 * host that imports `ask-user-kit/composer` ships it as a chunk of its own.
 */
export const questionPanel = lazyPart(() => import("./composer-dock-panel"));
