import { describe, expect, it } from "vitest";
import { GatewayDisconnectedError, GatewayTimeoutError } from "../../src/gateway/errors";
import { createHarness } from "./client-harness";
import { completeHandshake, flush, TICK_INTERVAL_MS } from "./gateway-fixtures";

describe("given a connected client whose gateway goes silent", () => {
  it("should close the socket after twice the tick interval and reconnect", async () => {
    const { clock, sockets, client } = createHarness();
    client.connect();
    await completeHandshake(sockets.latest());
    clock.advance(2 * TICK_INTERVAL_MS - 1);
    expect(client.getState().status).toBe("connected");
    clock.advance(1);
    expect(sockets.sockets[0]?.closedByClient).not.toBeNull();
    expect(client.getState()).toMatchObject({ status: "reconnecting", attempt: 1 });
    clock.advance(1_000);
    expect(sockets.sockets).toHaveLength(2);
  });

  it("should keep the socket while ticks keep arriving", async () => {
    const { clock, sockets, client } = createHarness();
    client.connect();
    await completeHandshake(sockets.latest());
    for (let tick = 0; tick < 5; tick += 1) {
      clock.advance(TICK_INTERVAL_MS);
      sockets.latest().receive({ type: "event", event: "tick", payload: { ts: clock.now() } });
    }
    expect(client.getState().status).toBe("connected");
    expect(sockets.sockets).toHaveLength(1);
  });

  it("should deliver events with the connection id", async () => {
    const { sockets, client } = createHarness();
    const received: Array<{ event: string; connectionId: number }> = [];
    client.subscribe((event) => {
      if (event.type === "event")
        received.push({ event: event.frame.event, connectionId: event.connectionId });
    });
    client.connect();
    await completeHandshake(sockets.latest());
    sockets.latest().receive({
      type: "event",
      event: "question.resolved",
      payload: { id: "q", status: "cancelled" },
      seq: 1,
    });
    expect(received).toEqual([{ event: "question.resolved", connectionId: 1 }]);
  });
});

describe("given requests pending when the socket dies", () => {
  it("should fail them with GatewayDisconnectedError and not replay them", async () => {
    const { clock, sockets, client } = createHarness();
    client.connect();
    await completeHandshake(sockets.latest());
    const first = client.request("question.list", {});
    const second = client.request("question.get", { id: "q1" });
    sockets.latest().serverClose(1006);
    await expect(first).rejects.toBeInstanceOf(GatewayDisconnectedError);
    await expect(second).rejects.toMatchObject({
      name: "GatewayDisconnectedError",
      method: "question.get",
    });
    clock.advance(1_000);
    await completeHandshake(sockets.latest());
    const methods = sockets.latest().sent.map((frame) => frame.method);
    expect(methods).toEqual(["connect"]);
  });

  it("should reject a request made while disconnected at once", async () => {
    const { client } = createHarness();
    await expect(client.request("question.list", {})).rejects.toBeInstanceOf(
      GatewayDisconnectedError,
    );
  });
});

describe("given a request with no response", () => {
  it("should fail with GatewayTimeoutError after its timeout", async () => {
    const { clock, sockets, client } = createHarness({ requestTimeoutMs: 5_000 });
    client.connect();
    await completeHandshake(sockets.latest());
    const pending = client.request("question.list", {});
    clock.advance(4_999);
    sockets.latest().receive({ type: "event", event: "tick", payload: {} });
    clock.advance(1);
    await expect(pending).rejects.toBeInstanceOf(GatewayTimeoutError);
  });

  it("should ignore a late response after the timeout", async () => {
    const { clock, sockets, client } = createHarness();
    client.connect();
    await completeHandshake(sockets.latest());
    const pending = client.request("question.list", {}, { timeoutMs: 1_000 });
    const { id } = sockets.latest().lastRequest("question.list");
    clock.advance(1_000);
    await expect(pending).rejects.toBeInstanceOf(GatewayTimeoutError);
    sockets.latest().receive({ type: "res", id, ok: true, payload: { questions: [] } });
    await flush();
    expect(client.getState().status).toBe("connected");
  });
});

describe("given a gateway that never completes the handshake", () => {
  it("should drop the socket and retry", async () => {
    const { clock, sockets, client } = createHarness();
    client.connect();
    clock.advance(15_000);
    expect(client.getState().status).toBe("reconnecting");
    expect(sockets.sockets[0]?.closedByClient).not.toBeNull();
  });
});
