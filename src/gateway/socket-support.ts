import type { SocketFactory, SocketLike } from "./types";

/** The host's WebSocket as a socket factory; throws where there is none (pass `socketFactory`). */
export function findDefaultSocketFactory(): SocketFactory {
  const WebSocketClass = globalThis.WebSocket;
  if (typeof WebSocketClass !== "function") {
    throw new Error("no global WebSocket: pass a socketFactory (createWsSocketFactory in Node)");
  }
  return (url) => new WebSocketClass(url) as unknown as SocketLike;
}

/** The URL without query or fragment, so a misplaced credential never reaches a log line. */
export function describeUrlForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "(invalid url)";
  }
}
