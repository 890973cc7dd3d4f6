import { describe, expect, it } from "vitest";
import { createGatewayClient } from "../../src/gateway/gateway-client";
import { computeReconnectDelay, RECONNECT_MAX_DELAY_MS } from "../../src/gateway/reconnect-backoff";
import type { ConnectionState } from "../../src/gateway/types";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeSocketFactory } from "./fake-socket";
import { completeHandshake, flush } from "./gateway-fixtures";

function createClient(random: () => number = () => 0) {
  const clock = createManualClock();
  const sockets = createFakeSocketFactory();
  const client = createGatewayClient({
    url: "ws://127.0.0.1:1234",
    socketFactory: sockets.factory,
    clock,
    random,
    client: { id: "gateway-client", version: "1", platform: "node", mode: "backend" },
    scopes: ["operator.questions"],
    auth: { token: "secret" },
  });
  return { clock, sockets, client };
}

function retryDelay(state: ConnectionState, now: number): number {
  if (state.status !== "reconnecting")
    throw new Error(`expected reconnecting, got ${state.status}`);
  return state.retryAtMs - now;
}

describe("given the reconnect backoff", () => {
  it("should double from 1 s and cap at 30 s without jitter", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) =>
      computeReconnectDelay(attempt, () => 0),
    );
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("should keep jittered delays between 80% and 100% of the schedule", () => {
    for (const attempt of [1, 3, 6, 9]) {
      const base = computeReconnectDelay(attempt, () => 0);
      const lowest = computeReconnectDelay(attempt, () => 0.999_999);
      const middle = computeReconnectDelay(attempt, () => 0.5);
      expect(lowest).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
      expect(middle).toBeLessThan(base);
      expect(middle).toBeGreaterThan(lowest);
      expect(base).toBeLessThanOrEqual(RECONNECT_MAX_DELAY_MS);
    }
  });
});

describe("given a gateway that keeps dropping the socket", () => {
  it("should retry after 1, 2, 4, 8, 16, 30, 30 s", () => {
    const { clock, sockets, client } = createClient();
    client.connect();
    const delays: number[] = [];
    for (let drop = 0; drop < 7; drop += 1) {
      sockets.latest().serverClose(1006);
      const delay = retryDelay(client.getState(), clock.now());
      delays.push(delay);
      clock.advance(delay);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(sockets.sockets).toHaveLength(8);
  });

  it("should not open the next socket before the delay has passed", () => {
    const { clock, sockets, client } = createClient();
    client.connect();
    sockets.latest().serverClose(1006);
    clock.advance(999);
    expect(sockets.sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets.sockets).toHaveLength(2);
    expect(client.getState()).toEqual({ status: "connecting", attempt: 2 });
  });

  it("should apply jitter from the injected random source", () => {
    const { clock, sockets, client } = createClient(() => 0.5);
    client.connect();
    sockets.latest().serverClose(1006);
    expect(retryDelay(client.getState(), clock.now())).toBe(900);
  });
});

describe("given a good hello after several failures", () => {
  it("should start the backoff again from 1 s", async () => {
    const { clock, sockets, client } = createClient();
    client.connect();
    for (let drop = 0; drop < 3; drop += 1) {
      sockets.latest().serverClose(1006);
      clock.advance(retryDelay(client.getState(), clock.now()));
    }
    await completeHandshake(sockets.latest());
    expect(client.getState().status).toBe("connected");
    sockets.latest().serverClose(1006);
    expect(retryDelay(client.getState(), clock.now())).toBe(1_000);
    await flush();
  });

  it("should number connections so results of an older one can be told apart", async () => {
    const { clock, sockets, client } = createClient();
    client.connect();
    await completeHandshake(sockets.latest());
    expect(client.getConnectionId()).toBe(1);
    sockets.latest().serverClose(1006);
    clock.advance(1_000);
    await completeHandshake(sockets.latest());
    expect(client.getConnectionId()).toBe(2);
  });
});

describe("given the client is closed by the host", () => {
  it("should not reconnect", () => {
    const { clock, sockets, client } = createClient();
    client.connect();
    client.close();
    clock.advance(60_000);
    expect(sockets.sockets).toHaveLength(1);
    expect(client.getState()).toEqual({ status: "idle" });
  });
});

describe("given the host closes the client while its socket is still connecting", () => {
  it("should close the socket once it opens, so the browser logs no error, and never start a handshake on it", () => {
    const { sockets, client } = createClient();
    client.connect();
    const socket = sockets.latest();
    Object.assign(socket, { readyState: 0 });
    client.close();
    expect(socket.closedByClient).toBeNull();
    Object.assign(socket, { readyState: 1 });
    socket.onopen?.({});
    expect(socket.closedByClient).not.toBeNull();
    socket.receive({ type: "event", event: "connect.challenge", payload: { nonce: "n", ts: 1 } });
    expect(socket.sent).toEqual([]);
    expect(client.getState()).toEqual({ status: "idle" });
  });
});
