import type { SocketFactory, SocketLike } from "./types";

type WsModule = typeof import("ws");

const NODE_ONLY =
  "createWsSocketFactory runs in Node 20.16 or later; in a browser the client uses the global WebSocket";
const WS_MISSING = "createWsSocketFactory needs the ws package (npm install ws)";

/**
 * `ws` is loaded when a factory is created, not when this module is imported, so a browser
 * bundle of the gateway entry never includes it and Node hosts without `ws` can still use the
 * rest of the entry.
 */
function loadWs(): WsModule {
  const nodeModule = globalThis.process?.getBuiltinModule?.("node:module");
  if (nodeModule === undefined) throw new Error(NODE_ONLY);
  try {
    return nodeModule.createRequire(import.meta.url)("ws") as WsModule;
  } catch (error) {
    const missing = error instanceof Error && "code" in error && error.code === "MODULE_NOT_FOUND";
    throw missing ? new Error(WS_MISSING, { cause: error }) : error;
  }
}

/** A socket factory for Node using the `ws` package (no Origin header unless given). */
export function createWsSocketFactory(options: { origin?: string } = {}): SocketFactory {
  const { WebSocket } = loadWs();
  return (url) =>
    new WebSocket(url, options.origin ? { origin: options.origin } : {}) as unknown as SocketLike;
}
