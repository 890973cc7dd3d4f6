import { WebSocket, WebSocketServer } from "ws";

/** A ws proxy in front of a gateway that can lose a response or cut every connection. */
export type FaultProxy = {
  url: string;
  /** The next response to a request of `method` (any method when omitted) is not forwarded. */
  dropNextResponse(method?: string): void;
  /**
   * Reorders and repeats question events: each `question.requested` is held back until the
   * `question.resolved` of the same id has arrived, then both are delivered twice, the
   * resolution first.
   */
  scrambleQuestionEvents(): void;
  /** How many requests were delivered after their resolution so far. */
  reorderedCount(): number;
  /** The next `question.requested` event reaches clients with a malformed record. */
  corruptNextRequested(): void;
  /** The next `count` responses to `method` become UNAVAILABLE errors. */
  failNextResponses(method: string, count: number): void;
  disconnectAll(): void;
  close(): Promise<void>;
};

/** Starts a fault-injecting ws proxy on loopback in front of `targetUrl`. */
export async function createFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket }>();
  const dropQueue: Array<string | undefined> = [];
  let scramble = false;
  let reordered = 0;
  let corruptRequested = false;
  const failures = new Map<string, number>();

  server.on("connection", (client, request) => {
    const origin = request.headers.origin;
    const upstream = new WebSocket(targetUrl, origin === undefined ? {} : { origin });
    const pair = { client, upstream };
    pairs.add(pair);
    const pendingToUpstream: string[] = [];
    const methodsById = new Map<string, string>();
    const droppedIds = new Set<string>();

    client.on("message", (data) => {
      const text = data.toString();
      const frame = parseObject(text);
      if (frame?.type === "req" && typeof frame.id === "string") {
        const method = typeof frame.method === "string" ? frame.method : "";
        methodsById.set(frame.id, method);
        const index = dropQueue.findIndex((wanted) => wanted === undefined || wanted === method);
        if (index >= 0) {
          dropQueue.splice(index, 1);
          droppedIds.add(frame.id);
        }
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else pendingToUpstream.push(text);
    });
    upstream.on("open", () => {
      for (const text of pendingToUpstream.splice(0)) upstream.send(text);
    });
    const heldRequests = new Map<string, string>();
    const toClient = (text: string) => {
      if (client.readyState === WebSocket.OPEN) client.send(text);
    };
    upstream.on("message", (data) => {
      const text = data.toString();
      const frame = parseObject(text);
      if (frame?.type === "res" && typeof frame.id === "string" && droppedIds.has(frame.id)) {
        droppedIds.delete(frame.id);
        return;
      }
      const failing = frame?.type === "res" ? methodsById.get(String(frame.id)) : undefined;
      if (frame !== null && failing !== undefined && (failures.get(failing) ?? 0) > 0) {
        failures.set(failing, (failures.get(failing) ?? 0) - 1);
        const error = { code: "UNAVAILABLE", message: "injected by the fault proxy" };
        return toClient(JSON.stringify({ type: "res", id: frame.id, ok: false, error }));
      }
      if (frame?.type === "event" && frame.event === "question.requested" && corruptRequested) {
        corruptRequested = false;
        const payload = { ...(frame.payload as Record<string, unknown>), questions: "broken" };
        return toClient(JSON.stringify({ ...frame, payload }));
      }
      const event = frame?.type === "event" ? frame.event : undefined;
      const id = (frame?.payload as { id?: unknown } | undefined)?.id;
      if (!scramble || frame === null || typeof id !== "string") return toClient(text);
      if (event === "question.requested") {
        heldRequests.set(id, text);
        return;
      }
      if (event !== "question.resolved") return toClient(text);
      const held = heldRequests.get(id);
      heldRequests.delete(id);
      if (held !== undefined) reordered += 1;
      for (const next of held === undefined ? [text, text] : [text, text, held, held])
        toClient(next);
    });
    const closeBoth = () => {
      pairs.delete(pair);
      if (client.readyState <= WebSocket.OPEN) client.close();
      if (upstream.readyState === WebSocket.OPEN) upstream.close();
      else if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    };
    client.on("close", closeBoth);
    upstream.on("close", closeBoth);
    upstream.on("error", closeBoth);
    client.on("error", closeBoth);
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    dropNextResponse: (method) => {
      dropQueue.push(method);
    },
    scrambleQuestionEvents: () => {
      scramble = true;
    },
    reorderedCount: () => reordered,
    corruptNextRequested: () => {
      corruptRequested = true;
    },
    failNextResponses: (method, count) => {
      failures.set(method, count);
    },
    disconnectAll: () => {
      for (const pair of [...pairs]) {
        pair.client.terminate();
        pair.upstream.terminate();
      }
      pairs.clear();
    },
    close: async () => {
      for (const pair of pairs) {
        pair.client.terminate();
        pair.upstream.terminate();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
