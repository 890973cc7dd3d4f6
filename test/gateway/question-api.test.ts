import { describe, expect, it } from "vitest";
import {
  GatewayInvalidResponseError,
  GatewayRequestError,
  GatewayTimeoutError,
  isOutcomeUnknownError,
  isQuestionError,
} from "../../src/gateway/errors";
import { createQuestionApi, MAX_RESOLVE_RPC_TIMEOUT_MS } from "../../src/gateway/question-api";
import { TERMINAL_TOMBSTONE_MS } from "../../src/protocol/constants";
import { createHarness } from "./client-harness";
import { CHALLENGE_TS, completeHandshake } from "./gateway-fixtures";

const RECORD = {
  id: "ask_0123456789abcdef0123456789abcdef",
  questions: [
    {
      questionId: "env",
      header: "Target",
      question: "Deploy where?",
      options: [{ label: "staging" }, { label: "prod" }],
      isOther: true,
    },
  ],
  createdAtMs: CHALLENGE_TS,
  expiresAtMs: CHALLENGE_TS + 900_000,
  status: "pending",
};

async function connectedApi() {
  const harness = createHarness();
  harness.client.connect();
  await completeHandshake(harness.sockets.latest());
  return { ...harness, api: createQuestionApi(harness.client) };
}

describe("given a connected question api", () => {
  it("should list pending records and send strict empty params", async () => {
    const { api, sockets } = await connectedApi();
    const listing = api.list();
    const { id, params } = sockets.latest().lastRequest("question.list");
    expect(params).toEqual({});
    sockets
      .latest()
      .receive({ type: "res", id, ok: true, payload: { questions: [RECORD, { broken: true }] } });
    expect((await listing).map((record) => record.id)).toEqual([RECORD.id]);
  });

  it("should report each malformed listed record it drops", async () => {
    const { api, sockets } = await connectedApi();
    const diagnostics: string[] = [];
    const listing = api.list({ onDiagnostic: (message) => diagnostics.push(message) });
    const { id } = sockets.latest().lastRequest("question.list");
    const broken = { ...RECORD, id: "ask_broken", questions: [] };
    sockets
      .latest()
      .receive({ type: "res", id, ok: true, payload: { questions: [RECORD, broken] } });
    expect((await listing).map((record) => record.id)).toEqual([RECORD.id]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toContain("'ask_broken'");
    expect(diagnostics[0]).toContain("question.list");
  });

  it("should turn a rejection into a typed error carrying details.reason", async () => {
    const { api, sockets } = await connectedApi();
    const resolving = api.resolve(RECORD.id, { answers: { env: ["prod"] } });
    const { id } = sockets.latest().lastRequest("question.resolve");
    sockets.latest().receive({
      type: "res",
      id,
      ok: false,
      error: {
        code: "INVALID_REQUEST",
        message: "question is already answered",
        details: { reason: "QUESTION_ALREADY_TERMINAL" },
      },
    });
    const error = await resolving.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({
      code: "INVALID_REQUEST",
      reason: "QUESTION_ALREADY_TERMINAL",
      method: "question.resolve",
    });
    expect(isQuestionError(error, "QUESTION_ALREADY_TERMINAL")).toBe(true);
    expect(isQuestionError(error, "QUESTION_NOT_FOUND")).toBe(false);
  });

  it("should time out a resolve when its question expires sooner than the cap", async () => {
    const { api, clock } = await connectedApi();
    const gatewayNow = clock.now() + api.client.getClockOffsetMs();
    const resolving = api.resolve(
      RECORD.id,
      { answers: { env: ["prod"] } },
      { expiresAtMs: gatewayNow + 4_000 },
    );
    clock.advance(4_000);
    await expect(resolving).rejects.toMatchObject({
      name: "GatewayTimeoutError",
      timeoutMs: 4_000,
    });
  });

  it("should give up on a lost resolve or cancel response while the terminal record is still readable", async () => {
    const { api, clock } = await connectedApi();
    const farExpiry = clock.now() + api.client.getClockOffsetMs() + 3_600_000;
    const settled: string[] = [];
    const resolving = api
      .resolve(RECORD.id, { answers: { env: ["prod"] } }, { expiresAtMs: farExpiry })
      .catch((error: unknown) => {
        settled.push("resolve");
        throw error;
      });
    const cancelling = api.cancel(RECORD.id, { expiresAtMs: farExpiry }).catch((error: unknown) => {
      settled.push("cancel");
      throw error;
    });
    clock.advance(MAX_RESOLVE_RPC_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).toEqual([]);
    clock.advance(1);
    await expect(resolving).rejects.toBeInstanceOf(GatewayTimeoutError);
    await expect(cancelling).rejects.toBeInstanceOf(GatewayTimeoutError);
    expect(MAX_RESOLVE_RPC_TIMEOUT_MS).toBeLessThan(TERMINAL_TOMBSTONE_MS);
  });

  it("should keep the 30 s default for get, a question method without an expiry", async () => {
    const { api, clock } = await connectedApi();
    let failed = false;
    const getting = api.get(RECORD.id).catch((error: unknown) => {
      failed = true;
      throw error;
    });
    clock.advance(MAX_RESOLVE_RPC_TIMEOUT_MS + 1);
    await Promise.resolve();
    expect(failed).toBe(false);
    clock.advance(30_000);
    await expect(getting).rejects.toBeInstanceOf(GatewayTimeoutError);
  });

  it("should reject an unreadable get record as a malformed response saying what is wrong", async () => {
    const { api, sockets } = await connectedApi();
    const getting = api.get(RECORD.id);
    const { id } = sockets.latest().lastRequest("question.get");
    const broken = { ...RECORD, questions: [] };
    sockets.latest().receive({ type: "res", id, ok: true, payload: { question: broken } });
    const error = await getting.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayInvalidResponseError);
    expect(error).toMatchObject({ method: "question.get" });
    expect(String(error)).toContain(`'${RECORD.id}'`);
    expect(String(error)).toContain("questions");
  });

  it("should give back the parsed answers the gateway canonicalized", async () => {
    const { api, sockets } = await connectedApi();
    const resolving = api.resolve(RECORD.id, { answers: { env: ["prod"] } });
    const { id } = sockets.latest().lastRequest("question.resolve");
    const payload = { status: "answered", answers: { answers: { env: ["prod"] } } };
    sockets.latest().receive({ type: "res", id, ok: true, payload });
    await expect(resolving).resolves.toEqual(payload);
  });

  it.each([
    { status: "answered" },
    { status: "answered", answers: { answers: { env: "prod" } } },
    { status: "done" },
    null,
  ])("should reject the malformed resolve payload %j as an unknown outcome", async (payload) => {
    const { api, sockets } = await connectedApi();
    const resolving = api.resolve(RECORD.id, { answers: { env: ["prod"] } });
    const { id } = sockets.latest().lastRequest("question.resolve");
    sockets.latest().receive({ type: "res", id, ok: true, payload });
    const error = await resolving.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayInvalidResponseError);
    expect(isOutcomeUnknownError(error)).toBe(true);
  });

  it("should send cancel as resolve with cancel true", async () => {
    const { api, sockets } = await connectedApi();
    void api.cancel(RECORD.id, { resolvedBy: "web" }).catch(() => undefined);
    expect(sockets.latest().lastRequest("question.resolve").params).toEqual({
      id: RECORD.id,
      cancel: true,
      resolvedBy: "web",
    });
  });

  it("should deliver question events with their connection id", async () => {
    const { api, sockets } = await connectedApi();
    const requested: unknown[] = [];
    const resolved: Array<[unknown, number]> = [];
    api.onRequested((record) => requested.push(record));
    api.onResolved((event, connectionId) => resolved.push([event, connectionId]));
    sockets
      .latest()
      .receive({ type: "event", event: "question.requested", payload: RECORD, seq: 1 });
    sockets.latest().receive({
      type: "event",
      event: "question.resolved",
      payload: { id: RECORD.id, status: "expired" },
      seq: 2,
    });
    expect(requested).toEqual([RECORD]);
    expect(resolved).toEqual([[{ id: RECORD.id, status: "expired" }, 1]]);
  });

  it("should give waitAnswer more RPC time than the gateway-side wait", async () => {
    const { api, sockets, clock } = await connectedApi();
    const waiting = api.waitAnswer(RECORD.id, { timeoutMs: 40_000 });
    expect(sockets.latest().lastRequest("question.waitAnswer").params).toEqual({
      id: RECORD.id,
      timeoutMs: 40_000,
    });
    clock.advance(40_000);
    const { id } = sockets.latest().lastRequest("question.waitAnswer");
    sockets.latest().receive({ type: "res", id, ok: true, payload: { status: "pending" } });
    await expect(waiting).resolves.toEqual({ status: "pending" });
  });
});
