import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { systemClock } from "../../src/gateway/clock";
import type { GatewayClient } from "../../src/gateway/types";
import { selectQuestionDraft } from "../../src/store/selectors-drafts";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import type { QuestionStore } from "../../src/store/types";
import { type CountingApi, connectClient, startStore } from "../store/support/harness";
import { checksQuestion, targetQuestion } from "../store/support/records";
import { createFaultProxy, type FaultProxy, type GatewayPeer, peerKinds, startPeer } from "./peers";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };
const THEIRS = { answers: { target: ["Staging (Recommended)"], checks: ["Lint"] } };
/** Short enough that a lost resolve response times out (min(30 s, time left)) well inside the 15 s tombstone. */
const SHORT_TIMEOUT_MS = 6_000;
const EXPIRY_TIMEOUT_MS = 2_000;
const POLL_MS = 20;
/** Both gateways refuse a used id for 15 s after it ended, then take it again. */
const TOMBSTONE_WAIT_MS = 16_000;
const WAIT_LIMIT_MS = 45_000;
/** A real gateway restart takes 5-20 s, and reconnect backoff doubles (1, 2, 4, 8, 16 s) meanwhile. */
const RESTART_LIMIT_MS = 100_000;

type User = { client: GatewayClient; api: CountingApi; store: StoreApi<QuestionStore> };

async function until(
  condition: () => boolean,
  what: string,
  limitMs = WAIT_LIMIT_MS,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe.each(peerKinds())("given the question store against the %s gateway", (kind) => {
  let peer: GatewayPeer;
  let proxy: FaultProxy;
  const users: User[] = [];
  const others: GatewayClient[] = [];

  beforeAll(async () => {
    peer = await startPeer(kind);
    proxy = await createFaultProxy(peer.url);
  });

  afterAll(async () => {
    for (const user of users) {
      user.store.getState().stop();
      user.client.close();
    }
    for (const client of others) client.close();
    await proxy?.close();
    await peer?.close();
  });

  const isReady = (store: StoreApi<QuestionStore>) =>
    store.getState().connection.status === "connected" &&
    store.getState().hydration.status === "done";

  /** A store connected through `via` (the shared fault proxy by default), hydrated. */
  async function openUser(via: FaultProxy = proxy): Promise<User> {
    const { client, api } = connectClient(via.url, peer.token, systemClock);
    const store = startStore(api, systemClock);
    const user = { client, api, store };
    users.push(user);
    await until(() => isReady(store), "the store to hydrate");
    return user;
  }

  async function openOther(): Promise<CountingApi> {
    const { client, api } = connectClient(peer.url, peer.token, systemClock);
    others.push(client);
    await until(() => client.getState().status === "connected", "the other client");
    return api;
  }

  async function ask(api: CountingApi, timeoutMs?: number): Promise<string> {
    const params = {
      questions: [targetQuestion, checksQuestion],
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    };
    return (await api.request(params)).id;
  }

  function fillDraft(user: User, id: string): void {
    user.store.getState().chooseOption(id, "target", "Production");
    user.store.getState().chooseOption(id, "checks", "Tests");
  }

  it("should keep our answer, sent once, when the resolve response is lost", async () => {
    const user = await openUser();
    const other = await openOther();
    const id = await ask(other, SHORT_TIMEOUT_MS);
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user, id);
    proxy.dropNextResponse("question.resolve");
    await user.store.getState().submit(id);
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: OURS,
    });
    expect(user.api.sent.resolve).toBe(1);
  });

  it("should show a second client's answer as answered elsewhere, keeping ours unsent", async () => {
    const user = await openUser();
    const other = await openOther();
    const id = await ask(other);
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    fillDraft(user, id);
    await other.resolve(id, THEIRS);
    await user.store.getState().submit(id);
    await until(() => user.store.getState().prompts.get(id)?.status === "answered", "the outcome");
    expect(user.store.getState().prompts.get(id)).toMatchObject({
      answeredElsewhere: true,
      answers: THEIRS,
      unsentAnswers: OURS,
    });
    expect(user.api.sent.resolve).toBeLessThanOrEqual(1);
  });

  it("should settle a prompt whose resolution arrives before its request, each event twice", async () => {
    const scrambled = await createFaultProxy(peer.url);
    scrambled.scrambleQuestionEvents();
    try {
      const { store } = await openUser(scrambled);
      const other = await openOther();
      const id = await ask(other);
      await other.resolve(id, THEIRS);
      await until(() => store.getState().prompts.get(id)?.status === "answered", "the outcome");
      expect(scrambled.reorderedCount()).toBe(1);
      expect(store.getState().prompts.get(id)).toMatchObject({
        answeredElsewhere: true,
        answers: THEIRS,
      });
      expect(store.getState().order.filter((known) => known === id)).toHaveLength(1);
      expect(store.getState().orphanResolutions.size).toBe(0);
    } finally {
      await scrambled.close();
    }
  });

  it("should drop a malformed record with a diagnostic and go on with the next question", async () => {
    const faulty = await createFaultProxy(peer.url);
    try {
      const { store } = await openUser(faulty);
      const other = await openOther();
      faulty.corruptNextRequested();
      const broken = await ask(other);
      await until(
        () => store.getState().diagnostics.some((line) => line.includes(broken)),
        "the diagnostic",
      );
      expect(store.getState().prompts.get(broken)).toBeUndefined();
      const next = await ask(other);
      await until(
        () => store.getState().prompts.get(next)?.status === "pending",
        "the next prompt",
      );
    } finally {
      await faulty.close();
    }
  });

  it("should hydrate after question.list fails twice", async () => {
    const faulty = await createFaultProxy(peer.url);
    try {
      const other = await openOther();
      const id = await ask(other);
      faulty.failNextResponses("question.list", 2);
      const { store } = await openUser(faulty);
      expect(store.getState().hydration.attempt).toBe(3);
      expect(store.getState().prompts.get(id)?.status).toBe("pending");
    } finally {
      await faulty.close();
    }
  });

  it("should show and answer questions whose ids are names every object inherits", async () => {
    const user = await openUser();
    const other = await openOther();
    const ids = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
    for (const id of ids) await other.request({ id, questions: [targetQuestion, checksQuestion] });
    await until(
      () => ids.every((id) => user.store.getState().prompts.get(id)?.status === "pending"),
      "every prompt to show",
    );
    for (const id of ids) {
      fillDraft(user, id);
      await user.store.getState().submit(id);
    }
    expect(ids.map((id) => user.store.getState().prompts.get(id)?.answers)).toEqual(
      ids.map(() => OURS),
    );
    expect(user.api.sent.resolve).toBe(ids.length);
  });

  it("should show an id asked again after its tombstone as a new question, keeping the first summary", async () => {
    const user = await openUser();
    const other = await openOther();
    const id = `deploy_again_${Date.now()}`;
    await other.request({ id, questions: [targetQuestion, checksQuestion] });
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the first request");
    fillDraft(user, id);
    await user.store.getState().submit(id);
    expect(user.store.getState().prompts.get(id)?.status).toBe("answered");

    const refused = await other.request({ id, questions: [targetQuestion] }).catch((e) => e);
    expect(refused).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, TOMBSTONE_WAIT_MS));
    await other.request({ id, questions: [targetQuestion] });
    await until(
      () => user.store.getState().prompts.get(id)?.status === "pending",
      "the second request to show",
    );
    const items = selectTimelineItems(user.store.getState(), { sessionKey: "main" })
      .filter((item) => item.entry.record.id === id)
      .map((item) => [item.entry.status, item.entry.answers]);
    expect(items).toEqual([["answered", OURS]]);
    expect(user.store.getState().prompts.get(id)?.record.questions).toHaveLength(1);
  });

  it("should show an expired prompt with the typed draft kept", async () => {
    const user = await openUser();
    const other = await openOther();
    const id = await ask(other, EXPIRY_TIMEOUT_MS);
    await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
    user.store.getState().setOtherText(id, "target", "Canary");
    await until(() => user.store.getState().prompts.get(id)?.status === "expired", "the expiry");
    await until(
      () => user.store.getState().prompts.get(id)?.record.status === "expired",
      "the gateway's expiry",
    );
    expect(user.store.getState().prompts.get(id)?.unsentAnswers).toEqual({
      answers: { target: ["Canary"] },
    });
    expect(user.api.sent.resolve).toBe(0);
  });

  it(
    "should mark prompts unavailable after a restart and keep the drafts",
    async () => {
      const user = await openUser();
      const other = await openOther();
      const id = await ask(other);
      await until(() => user.store.getState().prompts.get(id) !== undefined, "the prompt");
      user.store.getState().setOtherText(id, "target", "Canary");
      await peer.restart();
      await until(
        () => user.store.getState().prompts.get(id)?.status === "unavailable",
        "the hydration after restart",
        RESTART_LIMIT_MS,
      );
      expect(user.store.getState().prompts.get(id)?.unsentAnswers).toEqual({
        answers: { target: ["Canary"] },
      });
      expect(selectQuestionDraft(user.store.getState(), id, "target").otherText).toBe("Canary");
      expect(user.api.sent.resolve).toBe(0);
    },
    RESTART_LIMIT_MS + WAIT_LIMIT_MS,
  );
});
