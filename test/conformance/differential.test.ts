import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GatewayPeer, peerKinds, startPeer } from "./peers";
import { createContext, type Observation } from "./scenarios/harness";
import { SCENARIOS } from "./scenarios/index";

const peers: GatewayPeer[] = [];

beforeAll(async () => {
  peers.push(...(await Promise.all(peerKinds().map((kind) => startPeer(kind)))));
});

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.close()));
});

describe.concurrent("given the same scenario on the mock and on the real gateway", () => {
  for (const scenario of SCENARIOS) {
    it(`should observe: ${scenario.name}`, async () => {
      const observations = await Promise.all(
        peers.map(async (peer): Promise<[string, Observation]> => {
          const context = createContext(peer);
          try {
            return [peer.kind, await scenario.run(context)];
          } finally {
            context.cleanup();
          }
        }),
      );
      const byPeer = Object.fromEntries(observations);
      for (const [kind, observation] of observations) {
        expect(observation, `${kind} gateway`).toEqual(scenario.expected);
      }
      if (byPeer.mock !== undefined && byPeer.real !== undefined) {
        expect(byPeer.mock, "mock equals real").toEqual(byPeer.real);
      }
    });
  }
});
