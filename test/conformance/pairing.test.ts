import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserGatewayClient } from "../../src/gateway/browser-client";
import { createDeviceIdentityProvider } from "../../src/gateway/device-identity";
import {
  createMemoryDeviceTokenStore,
  createMemoryKeyStore,
} from "../../src/gateway/memory-stores";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { ConnectionFailure, GatewayClient } from "../../src/gateway/types";
import { createWsSocketFactory } from "../../src/testing/ws-socket-factory";
import { type GatewayPeer, lanAddress, peerKinds, startPeer } from "./peers";
import { createDeviceKey, type RawConnectOptions, rawConnect } from "./raw-client";

// Loopback clients are paired silently, so pairing is only seen from another address: the
// gateway listens on every interface and the clients dial this machine's network address.
const HOST = lanAddress();
const PAGE_ORIGIN = `http://${HOST ?? "192.0.2.1"}:5173`;
const BROWSER = { clientId: "openclaw-control-ui", mode: "webchat", platform: "web" } as const;
const BACKEND = { clientId: "gateway-client", mode: "backend", platform: "node" } as const;
/** The client retries every 3 s while it waits; approval by the CLI takes 1-2 s more. */
const APPROVAL_LIMIT_MS = 20_000;
const POLL_MS = 50;

async function until(condition: () => boolean, what: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function failureOf(client: GatewayClient): ConnectionFailure | null {
  const state = client.getState();
  return state.status === "failed" ? state.failure : null;
}

if (HOST === null) {
  describe.skip("given a gateway on the network (this machine has no non-loopback address)", () => {
    it("should ask a new device for approval", () => undefined);
  });
} else {
  const host = HOST;
  describe.each(peerKinds())("given the %s gateway listening on the network", (kind) => {
    let peer: GatewayPeer;
    const clients: GatewayClient[] = [];
    const networkUrl = () => `ws://${host}:${peer.port}`;

    beforeAll(async () => {
      peer = await startPeer(kind, { exposed: true, allowedOrigins: [PAGE_ORIGIN] });
    });

    afterAll(async () => {
      for (const client of clients) client.close();
      await peer?.close();
    });

    async function observePairing(client: typeof BROWSER | typeof BACKEND) {
      const device = createDeviceKey();
      const options: RawConnectOptions = {
        ...client,
        token: peer.token,
        device,
        scopes: ["operator.questions"],
        ...(client === BROWSER ? { origin: PAGE_ORIGIN } : {}),
      };
      const first = await rawConnect(networkUrl(), options);
      const closed = await first.closed;
      const again = await rawConnect(networkUrl(), options);
      again.close();
      if (first.hello.ok || again.hello.ok) return { ok: true };
      const details = first.hello.error.details ?? {};
      return {
        code: first.hello.error.code,
        detailCode: details.code,
        reason: details.reason,
        recommendedNextStep: details.recommendedNextStep ?? null,
        retryable: details.retryable ?? null,
        deviceId: details.deviceId === device.id,
        requestedScopes: details.requestedScopes,
        sameRequestOnRetry: again.hello.error.details?.requestId === details.requestId,
        close: closed.code,
        closeNamesRequest: closed.reason.includes(String(details.requestId)),
      };
    }

    it("should ask a new browser device to wait for approval, with one request for every retry", async () => {
      expect(await observePairing(BROWSER)).toEqual({
        code: "NOT_PAIRED",
        detailCode: "PAIRING_REQUIRED",
        reason: "not-paired",
        recommendedNextStep: "wait_then_retry",
        retryable: true,
        deviceId: true,
        requestedScopes: ["operator.questions"],
        sameRequestOnRetry: true,
        close: 1008,
        closeNamesRequest: true,
      });
    });

    it("should ask a new back-end device for approval without telling it to retry", async () => {
      expect(await observePairing(BACKEND)).toMatchObject({
        code: "NOT_PAIRED",
        detailCode: "PAIRING_REQUIRED",
        recommendedNextStep: null,
        retryable: null,
        sameRequestOnRetry: true,
      });
    });

    it("should show the kit's client the approve command, then connect by itself once approved", async () => {
      const client = createBrowserGatewayClient({
        url: networkUrl(),
        token: peer.token,
        device: createDeviceIdentityProvider({ keyStore: createMemoryKeyStore() }),
        deviceTokenStore: createMemoryDeviceTokenStore(),
        socketFactory: createWsSocketFactory({ origin: PAGE_ORIGIN }),
        origin: PAGE_ORIGIN,
      });
      clients.push(client);
      client.connect();
      await until(() => failureOf(client) !== null, "the pairing failure", APPROVAL_LIMIT_MS);
      const failure = failureOf(client);
      if (failure?.kind !== "pairing-required" || failure.requestId === null) {
        throw new Error(
          `expected pairing-required with a request id, got ${JSON.stringify(failure)}`,
        );
      }
      expect(failure.command).toBe(`openclaw devices approve ${failure.requestId}`);
      expect(failure.retryAfterMs).toBe(3_000);
      await peer.approvePairing(failure.requestId);
      await until(
        () => client.getState().status === "connected",
        "the client to connect after approval",
        APPROVAL_LIMIT_MS,
      );
      await expect(createQuestionApi(client).list()).resolves.toEqual(expect.any(Array));
    });
  });
}
