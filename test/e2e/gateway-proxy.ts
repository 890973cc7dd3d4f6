import { WebSocket, WebSocketServer } from "ws";

/** A ws proxy between the page and the gateway: it can go "offline", slow a method, count requests. */
export type GatewayProxy = {
  url: string;
  /** Cuts every connection and refuses new ones until `goOnline`. */
  goOffline(): void;
  goOnline(): void;
  /** How many `method` requests for question `id` went through to the gateway. */
  countRequests(method: string, id: string): number;
  /** Holds each response to a `method` request `ms` longer (a busy gateway) until undone. */
  slowResponses(method: string, ms: number): () => void;
  close(): Promise<void>;
};

type Seen = { method: string; id: string | null };

const frameOf = (text: string): Record<string, unknown> | null => {
  try {
    const frame: unknown = JSON.parse(text);
    return typeof frame === "object" && frame !== null ? (frame as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const questionIdOf = (params: unknown): string | null => {
  if (typeof params !== "object" || params === null) return null;
  const id = (params as { id?: unknown }).id;
  return typeof id === "string" ? id : null;
};

const parseRequest = (frame: Record<string, unknown> | null): Seen | null =>
  frame?.type === "req" && typeof frame.method === "string"
    ? { method: frame.method, id: questionIdOf(frame.params) }
    : null;

/** Starts the proxy on 127.0.0.1 (free port) in front of `targetUrl`. */
export async function startGatewayProxy(targetUrl: string): Promise<GatewayProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const sockets = new Set<WebSocket>();
  const seen: Seen[] = [];
  let offline = false;
  const slowed = new Map<string, number>();

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
    // Ids of this connection's requests whose responses are held, and for how long.
    const held = new Map<string, number>();
    client.on("message", (data) => {
      const text = data.toString();
      const frame = frameOf(text);
      const request = parseRequest(frame);
      if (request) seen.push(request);
      const delayMs = request === null ? undefined : slowed.get(request.method);
      if (delayMs !== undefined && typeof frame?.id === "string") held.set(frame.id, delayMs);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queued.push(text);
    });
    upstream.on("open", () => {
      for (const text of queued.splice(0)) upstream.send(text);
    });
    upstream.on("message", (data) => {
      const text = data.toString();
      const id = frameOf(text)?.id;
      const delayMs = typeof id === "string" ? held.get(id) : undefined;
      const forward = () => {
        if (client.readyState === WebSocket.OPEN) client.send(text);
      };
      if (delayMs === undefined || typeof id !== "string") return forward();
      held.delete(id);
      setTimeout(forward, delayMs);
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
    slowResponses: (method, ms) => {
      slowed.set(method, ms);
      return () => slowed.delete(method);
    },
    countRequests: (method, id) =>
      seen.filter((entry) => entry.method === method && entry.id === id).length,
    close: async () => {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
