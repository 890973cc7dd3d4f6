import type { SocketFactory, SocketLike } from "../../src/gateway/types";

/** A socket the test drives by hand: it records what the client sends. */
export type FakeSocket = SocketLike & {
  url: string;
  sent: Array<Record<string, unknown>>;
  closedByClient: { code: number | undefined } | null;
  receive(frame: unknown): void;
  serverClose(code?: number, reason?: string): void;
  lastRequest(method: string): { id: string; params: Record<string, unknown> };
};

function createFakeSocket(url: string): FakeSocket {
  const socket: FakeSocket = {
    url,
    readyState: 1,
    sent: [],
    closedByClient: null,
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    send(data) {
      socket.sent.push(JSON.parse(data) as Record<string, unknown>);
    },
    close(code) {
      socket.closedByClient = { code };
    },
    receive(frame) {
      socket.onmessage?.({ data: JSON.stringify(frame) });
    },
    serverClose(code = 1006, reason = "") {
      socket.onclose?.({ code, reason });
    },
    lastRequest(method) {
      const frame = [...socket.sent].reverse().find((sent) => sent.method === method);
      if (!frame) throw new Error(`no ${method} request was sent`);
      return { id: String(frame.id), params: frame.params as Record<string, unknown> };
    },
  };
  return socket;
}

/** A socket factory that keeps every socket it opened. */
export function createFakeSocketFactory(): {
  factory: SocketFactory;
  sockets: FakeSocket[];
  latest(): FakeSocket;
} {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: (url) => {
      const socket = createFakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    latest: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was opened");
      return socket;
    },
  };
}
