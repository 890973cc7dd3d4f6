import type { Clock } from "./clock";
import { createPendingRequests, type PendingRequests } from "./pending-requests";
import type { SocketLike } from "./types";

/** One socket and what belongs to it; a reconnect makes a new session. */
export type ConnectionSession = {
  socket: SocketLike;
  pending: PendingRequests;
  challenged: boolean;
  established: boolean;
  /** Minimum delay before the next attempt, when the gateway asked for one. */
  retryAfterMs: number | null;
};

/** Starts a session on a freshly opened socket. */
export function createConnectionSession(socket: SocketLike, clock: Clock): ConnectionSession {
  return {
    socket,
    pending: createPendingRequests(clock),
    challenged: false,
    established: false,
    retryAfterMs: null,
  };
}

/** `WebSocket.CONNECTING`, which Node's global scope may lack. */
const SOCKET_CONNECTING = 0;

function ignoreSocketError(): void {}

function closeQuietly(socket: SocketLike, closeCode: number): void {
  try {
    socket.close(closeCode);
  } catch {
    // The socket may already be closed.
  }
}

/** Silences and closes the socket and fails its pending requests (they are never replayed). */
export function releaseConnectionSession(session: ConnectionSession, closeCode: number): void {
  session.socket.onmessage = null;
  session.socket.onclose = null;
  // A socket closed while still connecting reports an error afterwards; `ws` throws it when no
  // listener is attached, so keep a silent one.
  session.socket.onerror = ignoreSocketError;
  const { socket } = session;
  if (socket.readyState === SOCKET_CONNECTING) {
    // Browsers log an error for a socket closed before it opened (React's StrictMode does this on
    // every mount), so close it once it opens; an attempt that fails ends by itself.
    socket.onopen = () => closeQuietly(socket, closeCode);
  } else {
    socket.onopen = null;
    closeQuietly(socket, closeCode);
  }
  session.pending.failAll();
}
