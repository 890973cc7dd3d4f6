import { type RawData, WebSocket, WebSocketServer } from "ws";

/** Turns one gateway frame into the frames the client receives (none, one, or several). */
export type FrameTransform = (frame: Record<string, unknown>) => Array<Record<string, unknown>>;

/** A loopback ws proxy in front of a gateway that can rewrite, inject and cut. */
export type EventProxy = {
  url: string;
  /** Rewrites every later gateway-to-client frame. */
  setTransform(transform: FrameTransform | null): void;
  /** Sends a frame to every connected client as if the gateway had sent it. */
  inject(frame: Record<string, unknown>): void;
  /** Cuts every client connection (the gateway stays up for other clients). */
  disconnectAll(): void;
  /** While offline, new client connections are cut at once. */
  setOnline(online: boolean): void;
  close(): Promise<void>;
};

function parseFrame(data: RawData): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data.toString());
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Starts the proxy on 127.0.0.1, port 0. */
export async function createEventProxy(targetUrl: string): Promise<EventProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const clients = new Set<WebSocket>();
  let transform: FrameTransform | null = null;
  let online = true;

  server.on("connection", (client) => {
    if (!online) {
      client.terminate();
      return;
    }
    clients.add(client);
    const upstream = new WebSocket(targetUrl);
    const early: string[] = [];
    upstream.on("open", () => {
      for (const text of early.splice(0)) upstream.send(text);
    });
    client.on("message", (data) => {
      const text = data.toString();
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else early.push(text);
    });
    upstream.on("message", (data) => {
      const frame = parseFrame(data);
      if (frame === null || client.readyState !== WebSocket.OPEN) return;
      const frames = transform === null ? [frame] : transform(frame);
      for (const item of frames) client.send(JSON.stringify(item));
    });
    const closeBoth = () => {
      clients.delete(client);
      client.terminate();
      upstream.terminate();
    };
    client.on("close", closeBoth);
    client.on("error", closeBoth);
    upstream.on("close", closeBoth);
    upstream.on("error", closeBoth);
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    setTransform: (next) => {
      transform = next;
    },
    inject: (frame) => {
      for (const client of clients) client.send(JSON.stringify(frame));
    },
    setOnline: (next) => {
      online = next;
    },
    disconnectAll: () => {
      for (const client of [...clients]) client.terminate();
      clients.clear();
    },
    close: async () => {
      for (const client of [...clients]) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
