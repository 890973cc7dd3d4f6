import { WebSocket } from "ws";
import type { SocketFactory, SocketLike } from "../gateway/types";

/** A socket factory for Node using the `ws` package (no Origin header unless given). */
export function createWsSocketFactory(options: { origin?: string } = {}): SocketFactory {
  return (url) =>
    new WebSocket(url, options.origin ? { origin: options.origin } : {}) as unknown as SocketLike;
}
