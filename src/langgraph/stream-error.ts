// `useStream().error` in words a person reads: the LangGraph client's own errors name the server
// and its URL, or quote an HTTP body, which says nothing to someone in a chat.

/** The words `describeStreamError` says; English unless the host gives its own. */
export type StreamErrorWords = {
  /** The server refused the connection or cannot be reached. */
  unreachable: string;
  /** The server does not know the thread (HTTP 404). */
  notFound: string;
  /** Anything else; `{reason}` is the error's own message. */
  failed: string;
};

export const DEFAULT_STREAM_ERROR_WORDS: StreamErrorWords = {
  unreachable:
    "Can't reach the agent's server, so this conversation can't be loaded or continued. Check that the server is running, then reload the page.",
  notFound: "This conversation is not on the agent's server (it may have been deleted).",
  failed: "The agent stopped with an error: {reason}",
};

/** What went wrong, in words: `kind` for the host's own handling, `reason` as the client said it. */
export type StreamErrorDescription = {
  kind: "unreachable" | "not-found" | "failed";
  message: string;
  reason: string;
};

// The messages fetch gives for a refused or failed connection in Chromium, Firefox, Safari and
// Node, and the LangGraph client's own wrapper of them.
const UNREACHABLE =
  /Failed to fetch|NetworkError|Load failed|fetch failed|ECONNREFUSED|Unable to connect/i;

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return JSON.stringify(error) ?? String(error);
}

function statusOf(error: unknown): number | null {
  if (typeof error !== "object" || error === null || !("status" in error)) return null;
  return typeof error.status === "number" ? error.status : null;
}

/**
 * `stream.error` of `useStream()` described for the page, or null when there is none. Pass the
 * client `callerOptions: { maxRetries: 1 }` (a constant: a new object makes a new client): by
 * default it retries a refused connection for about 25 s before `stream.error` is set.
 */
export function describeStreamError(
  error: unknown,
  words: StreamErrorWords = DEFAULT_STREAM_ERROR_WORDS,
): StreamErrorDescription | null {
  if (error === undefined || error === null) return null;
  const reason = reasonOf(error);
  const name = error instanceof Error ? error.name : "";
  if (name === "ConnectionError" || UNREACHABLE.test(reason))
    return { kind: "unreachable", message: words.unreachable, reason };
  if (statusOf(error) === 404) return { kind: "not-found", message: words.notFound, reason };
  return { kind: "failed", message: words.failed.replace("{reason}", () => reason), reason };
}
