import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { WebSocket } from "ws";

/** A response or error from the gateway, as plain data. */
export type RawResponse =
  | { ok: true; payload: unknown }
  | {
      ok: false;
      error: { code: string; message: string; details?: Record<string, unknown> };
    };

/** An event frame received on a raw connection. */
export type RawEvent = { event: string; payload: unknown; seq?: number };

/** An Ed25519 device identity for the handshake. */
export type DeviceKey = { id: string; publicKey: string; privateKey: KeyObject };

/** Options of a raw protocol-4 connect. */
export type RawConnectOptions = {
  token?: string | undefined;
  deviceToken?: string;
  origin?: string;
  clientId?: string;
  mode?: string;
  platform?: string;
  scopes?: string[];
  device?: DeviceKey;
  /** Overrides what is signed (to produce a bad signature). */
  signedTokenOverride?: string;
  /** Overrides `device.signedAt` (and what is signed) to test freshness. */
  signedAtOverride?: number;
  /** Overrides `device.nonce` (and what is signed). */
  nonceOverride?: string;
  displayName?: string;
  extraParams?: Record<string, unknown>;
};

/** A connection after the handshake response (success or failure). */
export type RawConnection = {
  hello: RawResponse;
  events: RawEvent[];
  request(method: string, params?: unknown): Promise<RawResponse>;
  waitForEvent(predicate: (event: RawEvent) => boolean, timeoutMs?: number): Promise<RawEvent>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
};

const DEFAULT_EVENT_WAIT_MS = 10_000;

/** Creates a fresh Ed25519 device key with its id (hex SHA-256 of the raw public key). */
export function createDeviceKey(): DeviceKey {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const der = publicKey.export({ format: "der", type: "spki" });
  const raw = der.subarray(der.length - 32);
  return {
    id: createHash("sha256").update(raw).digest("hex"),
    publicKey: raw.toString("base64url"),
    privateKey,
  };
}

function normalizeField(value: string | undefined): string {
  return (value ?? "").trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Opens a socket, answers the challenge with `connect` and resolves after the response. */
export async function rawConnect(url: string, options: RawConnectOptions): Promise<RawConnection> {
  const socket = new WebSocket(url, options.origin === undefined ? {} : { origin: options.origin });
  const events: RawEvent[] = [];
  const pending = new Map<string, (response: RawResponse) => void>();
  const eventWaiters = new Set<(event: RawEvent) => void>();
  let nextId = 0;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on("error", () => undefined);
  const request = (method: string, params?: unknown): Promise<RawResponse> => {
    nextId += 1;
    const id = `r${nextId}`;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      const frame =
        params === undefined ? { type: "req", id, method } : { type: "req", id, method, params };
      if (socket.readyState !== WebSocket.OPEN) {
        pending.delete(id);
        resolve({ ok: false, error: { code: "CLOSED", message: "socket closed" } });
        return;
      }
      socket.send(JSON.stringify(frame));
    });
  };
  socket.on("close", () => {
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve({ ok: false, error: { code: "CLOSED", message: "socket closed" } });
    }
  });
  const challenge = new Promise<{ nonce: string; ts: number }>((resolve, reject) => {
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      if (frame.type === "event") {
        const event: RawEvent = {
          event: String(frame.event),
          payload: frame.payload,
          ...(typeof frame.seq === "number" ? { seq: frame.seq } : {}),
        };
        if (event.event === "connect.challenge") {
          resolve(event.payload as { nonce: string; ts: number });
          return;
        }
        events.push(event);
        for (const waiter of [...eventWaiters]) waiter(event);
      } else if (frame.type === "res") {
        const resolveResponse = pending.get(String(frame.id));
        pending.delete(String(frame.id));
        resolveResponse?.(
          frame.ok === true
            ? { ok: true, payload: frame.payload }
            : { ok: false, error: frame.error as { code: string; message: string } },
        );
      }
    });
    socket.once("close", () => reject(new Error("closed before challenge")));
  });
  const { nonce, ts } = await challenge;
  const clientId = options.clientId ?? "gateway-client";
  const mode = options.mode ?? "backend";
  const platform = options.platform ?? "node";
  const scopes = options.scopes ?? ["operator.questions"];
  const auth =
    options.token !== undefined
      ? { token: options.token }
      : options.deviceToken !== undefined
        ? { deviceToken: options.deviceToken }
        : undefined;
  const params: Record<string, unknown> = {
    minProtocol: 4,
    maxProtocol: 4,
    client: {
      id: clientId,
      version: "0.1.0",
      platform,
      mode,
      ...(options.displayName === undefined ? {} : { displayName: options.displayName }),
    },
    role: "operator",
    scopes,
    ...(auth === undefined ? {} : { auth }),
    ...options.extraParams,
  };
  if (options.device !== undefined) {
    const signedToken = options.signedTokenOverride ?? options.token ?? options.deviceToken ?? "";
    const signedAt = options.signedAtOverride ?? ts;
    const signedNonce = options.nonceOverride ?? nonce;
    const payload = [
      "v3",
      options.device.id,
      clientId,
      mode,
      "operator",
      scopes.join(","),
      String(signedAt),
      signedToken,
      signedNonce,
      normalizeField(platform),
      normalizeField(undefined),
    ].join("|");
    const signature = sign(null, Buffer.from(payload, "utf8"), options.device.privateKey);
    params.device = {
      id: options.device.id,
      publicKey: options.device.publicKey,
      signature: signature.toString("base64url"),
      signedAt,
      nonce: signedNonce,
    };
  }
  const hello = await request("connect", params);
  return {
    hello,
    events,
    request,
    waitForEvent: (predicate, timeoutMs = DEFAULT_EVENT_WAIT_MS) => {
      const found = events.find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          eventWaiters.delete(waiter);
          reject(new Error("event not received in time"));
        }, timeoutMs);
        const waiter = (event: RawEvent) => {
          if (!predicate(event)) return;
          clearTimeout(timer);
          eventWaiters.delete(waiter);
          resolve(event);
        };
        eventWaiters.add(waiter);
      });
    },
    closed,
    close: () => socket.close(),
  };
}
