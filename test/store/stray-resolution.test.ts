import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import type { GatewayClient } from "../../src/gateway/types";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import type { QuestionStore } from "../../src/store/types";
import { createManualClock, type ManualClock } from "../../src/testing/manual-clock";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createEventProxy, type EventProxy } from "./support/event-proxy";
import { type CountingApi, connectClient, settle, startStore, until } from "./support/harness";
import { checksQuestion, START_MS, targetQuestion } from "./support/records";

const ANSWER = { answers: { target: ["Production"], checks: ["Tests"] } };
/** As reported: a stray resolve, then 1.8 s later a new request that takes its id. */
const LATER_MS = 1_800;

type User = { client: GatewayClient; api: CountingApi; store: StoreApi<QuestionStore> };

let clock: ManualClock;
let gateway: MockGateway;
let proxy: EventProxy;
let user: User;

beforeEach(async () => {
  clock = createManualClock(START_MS);
  gateway = await createMockGateway({ clock });
  proxy = await createEventProxy(gateway.url);
  const { client, api } = connectClient(proxy.url, gateway.token, clock);
  const store = startStore(api, clock, null);
  user = { client, api, store };
  await until(() => {
    const state = store.getState();
    return state.connection.status === "connected" && state.hydration.status === "done";
  }, "the store to hydrate");
});

afterEach(async () => {
  user.store.getState().stop();
  user.client.close();
  await proxy.close();
  await gateway.close();
});

const waitingIds = () =>
  selectPendingPrompts(user.store.getState(), { sessionKey: "main" }).map((entry) => entry.id);

function strayResolve(id: string): void {
  proxy.inject({ type: "event", event: "question.resolved", payload: { id, status: "cancelled" } });
}

async function ask(id: string): Promise<void> {
  await gateway.requestQuestion({
    id,
    questions: [targetQuestion, checksQuestion],
    sessionKey: "main",
  });
  await until(() => user.store.getState().prompts.get(id) !== undefined, "the request");
}

describe("given a question.resolved for an id the store does not know", () => {
  it("should show a request made after it as waiting, and let the user answer it", async () => {
    strayResolve("deploy");
    await settle();
    clock.advance(LATER_MS);
    await ask("deploy");
    await settle();

    expect(user.store.getState().prompts.get("deploy")?.status).toBe("pending");
    expect(waitingIds()).toEqual(["deploy"]);
    user.store.getState().chooseOption("deploy", "target", "Production");
    user.store.getState().chooseOption("deploy", "checks", "Tests");
    await user.store.getState().submit("deploy");
    await until(
      () => user.store.getState().prompts.get("deploy")?.status === "answered",
      "answered",
    );
    expect(gateway.listRecords().find((record) => record.id === "deploy")).toMatchObject({
      status: "answered",
      answers: ANSWER,
    });
  });

  it("should still retire a request whose resolution overtook its record", async () => {
    let held: Record<string, unknown> | null = null;
    proxy.setTransform((frame) => {
      if (frame.event === "question.requested") {
        held = frame;
        return [];
      }
      if (frame.event === "question.resolved" && held !== null) return [frame, held];
      return [frame];
    });
    await gateway.requestQuestion({
      id: "deploy",
      questions: [targetQuestion],
      sessionKey: "main",
    });
    await until(() => held !== null, "the held request");
    clock.advance(LATER_MS);
    const other = connectClient(gateway.url, gateway.token, clock);
    await until(() => other.client.getState().status === "connected", "the other client");
    await other.api.cancel("deploy");
    other.client.close();
    await until(() => user.store.getState().prompts.get("deploy") !== undefined, "the record");

    expect(user.store.getState().prompts.get("deploy")?.status).toBe("cancelled");
    expect(waitingIds()).toEqual([]);
    expect(user.store.getState().orphanResolutions.size).toBe(0);
  });

  it("should keep a bounded number of stray resolutions and forget old ones", async () => {
    for (let index = 0; index < 500; index += 1) strayResolve(`stray-${index}`);
    await settle();
    const kept = user.store.getState().orphanResolutions.size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(100);
    // The store's clock moves on a second at a time, the connection staying up throughout.
    for (let second = 0; second <= 60; second += 1) {
      clock.advance(1_000);
      await settle(2);
    }
    expect(user.store.getState().connection.status).toBe("connected");
    expect(user.store.getState().orphanResolutions.size).toBe(0);
  });
});
