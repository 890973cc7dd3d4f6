import { WebSocket, WebSocketServer } from "ws";

/** A ws proxy between the page and the gateway: it can go "offline" and counts requests. */
export type GatewayProxy = {
  url: string;
  /** Cuts every connection and refuses new ones until `goOnline`. */
  goOffline(): void;
  goOnline(): void;
  /** How many `method` requests for question `id` went through to the gateway. */
  countRequests(method: string, id: string): number;
  close(): Promise<void>;
};

type Seen = { method: string; id: string | null };

const questionIdOf = (params: unknown): string | null => {
  if (typeof params !== "object" || params === null) return null;
  const id = (params as { id?: unknown }).id;
  return typeof id === "string" ? id : null;
};

const parseRequest = (text: string): Seen | null => {
  try {
    const frame = JSON.parse(text) as { type?: unknown; method?: unknown; params?: unknown };
    if (frame.type !== "req" || typeof frame.method !== "string") return null;
    return { method: frame.method, id: questionIdOf(frame.params) };
  } catch {
    return null;
  }
};

/** Starts the proxy on 127.0.0.1 (free port) in front of `targetUrl`. */
export async function startGatewayProxy(targetUrl: string): Promise<GatewayProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const sockets = new Set<WebSocket>();
  const seen: Seen[] = [];
  let offline = false;

  server.on("connection", (client, request) => {
    if (offline) {
      client.terminate();
      return;
    }
    const origin = request.headers.origin;
    const upstream = new WebSocket(targetUrl, origin === undefined ? {} : { origin });
    sockets.add(client);
    sockets.add(upstream);
    const queued: string[] = [];
    client.on("message", (data) => {
      const text = data.toString();
      const request = parseRequest(text);
      if (request) seen.push(request);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queued.push(text);
    });
    upstream.on("open", () => {
      for (const text of queued.splice(0)) upstream.send(text);
    });
    upstream.on("message", (data) => {
      if (client.readyState === WebSocket.OPEN) client.send(data.toString());
    });
    const closeBoth = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.terminate();
      upstream.terminate();
    };
    for (const socket of [client, upstream]) {
      socket.on("close", closeBoth);
      socket.on("error", closeBoth);
    }
  });

  const cutAll = () => {
    for (const socket of sockets) socket.terminate();
    sockets.clear();
  };
  return {
    url: `ws://127.0.0.1:${port}`,
    goOffline: () => {
      offline = true;
      cutAll();
    },
    goOnline: () => {
      offline = false;
    },
    countRequests: (method, id) =>
      seen.filter((entry) => entry.method === method && entry.id === id).length,
    close: async () => {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
