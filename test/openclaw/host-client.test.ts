import { describe, expect, it } from "vitest";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { ControlUiHost } from "../../src/openclaw/control-ui-host";
import { createHostGatewayClient } from "../../src/openclaw/host-client";
import { createQuestionStore } from "../../src/store/create-question-store";
import type { DraftStorage } from "../../src/store/types";
import { singleChoiceRecord } from "../../src/testing/fixtures";
import { createManualClock } from "../../src/testing/manual-clock";

type FakeHost = ControlUiHost & {
  emit(event: string, payload: unknown): void;
  setConnected(connected: boolean): void;
  end(): void;
  answer: (method: string, params: unknown) => Promise<unknown>;
};

function fakeHost(): FakeHost {
  const controller = new AbortController();
  const events = new Map<string, Set<(payload: unknown) => void>>();
  const watchers = new Set<() => void>();
  const host: FakeHost = {
    signal: controller.signal,
    locale: "en",
    connection: { connected: true, canRead: true, canWrite: true, canAdmin: false },
    answer: () => new Promise(() => {}),
    request: <T>(method: string, params?: Record<string, unknown>) =>
      controller.signal.aborted
        ? Promise.reject(
            new Error("This plugin UI activation has ended. Use the current activation."),
          )
        : (host.answer(method, params) as Promise<T>),
    onEvent: (event, listener) => {
      const set = events.get(event) ?? new Set();
      set.add(listener);
      events.set(event, set);
      return () => set.delete(listener);
    },
    subscribe: (listener) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    emit: (event, payload) => {
      for (const listener of events.get(event) ?? []) listener(payload);
    },
    setConnected: (connected) => {
      host.connection.connected = connected;
      for (const watcher of watchers) watcher();
    },
    end: () => controller.abort(),
  };
  return host;
}

function memoryStorage(): DraftStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("given one Control UI plugin activation", () => {
  it("should be connected with the scopes the host's connection grants, and follow it", () => {
    const host = fakeHost();
    const client = createHostGatewayClient(host, { clock: createManualClock(0) });
    client.connect();
    const state = client.getState();
    expect(state.status).toBe("connected");
    if (state.status === "connected") {
      expect(state.hello.auth.scopes).toEqual([
        "operator.questions",
        "operator.read",
        "operator.write",
      ]);
    }
    host.setConnected(false);
    expect(client.getState().status).toBe("reconnecting");
    host.setConnected(true);
    expect(client.getConnectionId()).toBe(2);
  });

  it("should keep the host's error code and details.reason on a refused request", async () => {
    const host = fakeHost();
    host.answer = () =>
      Promise.reject(
        Object.assign(new Error("question 'x' was not found"), {
          name: "GatewayRequestError",
          code: "INVALID_REQUEST",
          details: { reason: "QUESTION_NOT_FOUND" },
        }),
      );
    const client = createHostGatewayClient(host, { clock: createManualClock(0) });
    client.connect();
    await expect(client.request("question.get", { id: "x" })).rejects.toMatchObject({
      name: "GatewayRequestError",
      code: "INVALID_REQUEST",
      reason: "QUESTION_NOT_FOUND",
    });
  });

  it("should time a request out with the kit's timeout, which the host does not have", async () => {
    const clock = createManualClock(0);
    const client = createHostGatewayClient(fakeHost(), { clock, requestTimeoutMs: 1000 });
    client.connect();
    const pending = client.request("question.list");
    clock.advance(1000);
    await expect(pending).rejects.toMatchObject({ name: "GatewayTimeoutError" });
  });

  it("should count an ended activation as disconnected", async () => {
    const host = fakeHost();
    const client = createHostGatewayClient(host, { clock: createManualClock(0) });
    client.connect();
    host.end();
    expect(client.getState().status).toBe("idle");
    await expect(client.request("question.list")).rejects.toMatchObject({
      name: "GatewayDisconnectedError",
    });
  });

  it("should learn the gateway's clock from its ticks", () => {
    const host = fakeHost();
    const clock = createManualClock(1_000);
    const client = createHostGatewayClient(host, { clock });
    client.connect();
    host.emit("tick", { ts: 6_000 });
    expect(client.getClockOffsetMs()).toBe(5_000);
  });
});

describe("given the host re-running the activation on a reconnect", () => {
  it("should bring the question and its draft back in the next activation's store", async () => {
    const storage = memoryStorage();
    const record = {
      ...singleChoiceRecord,
      expiresAtMs: Date.now() + 600_000,
      createdAtMs: Date.now(),
    };
    const open = () => {
      const host = fakeHost();
      host.answer = async (method) =>
        method === "question.list"
          ? { questions: [record] }
          : method === "question.get"
            ? { question: record }
            : {};
      const client = createHostGatewayClient(host);
      const store = createQuestionStore({
        api: createQuestionApi(client),
        storage,
        gatewayKey: "control-ui",
      });
      client.connect();
      store.getState().start();
      return { host, store };
    };

    const first = open();
    first.host.emit("question.requested", record);
    await flush();
    first.store.getState().chooseOption(record.id, "deploy_target", "Production");
    first.host.end();
    first.store.getState().stop();

    const second = open();
    await flush();
    await flush();
    expect(second.store.getState().prompts.has(record.id)).toBe(true);
    expect(
      second.store.getState().drafts.get(record.id)?.questions.get("deploy_target")?.selected,
    ).toEqual(["Production"]);
    second.store.getState().stop();
  });
});
