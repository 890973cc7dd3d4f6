import type { GatewayClientOptions } from "../../src/gateway/client-options";
import { createGatewayClient } from "../../src/gateway/gateway-client";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeSocketFactory } from "./fake-socket";

/** A client on a fake socket and a fake clock, with its log captured. */
export function createHarness(overrides: Partial<GatewayClientOptions> = {}) {
  const clock = createManualClock();
  const sockets = createFakeSocketFactory();
  const logLines: string[] = [];
  const client = createGatewayClient({
    url: "ws://127.0.0.1:1234",
    socketFactory: sockets.factory,
    clock,
    random: () => 0,
    client: { id: "gateway-client", version: "1", platform: "node", mode: "backend" },
    scopes: ["operator.questions"],
    auth: { token: "shared-secret-token" },
    logger: (line) => logLines.push(line),
    origin: "http://192.168.1.20:5173",
    ...overrides,
  });
  return { clock, sockets, client, logLines };
}
