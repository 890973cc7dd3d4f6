/** Delays before the first hydration retries; later retries wait `HYDRATION_RETRY_INTERVAL_MS`. */
export const HYDRATION_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000];
/** Steady retry interval of a failing hydration. */
export const HYDRATION_RETRY_INTERVAL_MS = 4_000;
/** How often the store advances `nowMs` (countdowns, local expiry). */
export const DEFAULT_STORE_TICK_INTERVAL_MS = 1_000;
/** Session a record without `sessionKey` belongs to (ask_user runs only in an agent's main session). */
export const DEFAULT_SESSION_KEY = "agent:main:main";
/** At most this many resolutions for unknown ids are kept (oldest dropped first). */
export const MAX_ORPHAN_RESOLUTIONS = 100;
/**
 * A resolution for an unknown id only bridges the moment before its record arrives (an event that
 * overtook the request, hydration in flight), so after this long it is forgotten.
 */
export const ORPHAN_RESOLUTION_TTL_MS = 60_000;
/**
 * Room for the estimated gateway clock when judging whether a request was created before a
 * resolution arrived: the offset is known to within a round trip.
 */
export const ORPHAN_CLOCK_SLACK_MS = 250;
/** At most this many diagnostics are kept (oldest dropped first). */
export const MAX_DIAGNOSTICS = 50;
/** Prefix of every sessionStorage key the store writes. */
export const DRAFT_STORAGE_PREFIX = "ask-user-kit:draft";
/** Prefix of every sessionStorage key holding an ended prompt for the timeline. */
export const TIMELINE_STORAGE_PREFIX = "ask-user-kit:timeline";
/** At most this many ended prompts are stored for the timeline (newest kept; never evicted by time). */
export const MAX_STORED_TIMELINE_PROMPTS = 200;
/** Prefix of every sessionStorage key holding a waiting prompt (its record and what was sent). */
export const WAITING_STORAGE_PREFIX = "ask-user-kit:waiting";
/** At most this many waiting prompts are stored (newest kept). */
export const MAX_STORED_WAITING_PROMPTS = 200;
