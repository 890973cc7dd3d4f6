import { describe, expect, it } from "vitest";
import {
  parseConnectChallenge,
  parseGatewayError,
  parseGatewayFrame,
  parseQuestionResolvedEvent,
} from "../../src/protocol/parse-frames";
import { parseHelloOk } from "../../src/protocol/parse-hello-ok";

describe("given a frame from the gateway", () => {
  it("should parse an event from a JSON string and keep its payload and seq", () => {
    const frame = parseGatewayFrame(
      '{"type":"event","event":"tick","payload":{"ts":1},"seq":3,"stateVersion":9}',
    );
    expect(frame).toEqual({
      ok: true,
      value: { type: "event", event: "tick", payload: { ts: 1 }, seq: 3 },
    });
  });

  it("should parse a successful and a failed response object", () => {
    expect(parseGatewayFrame({ type: "res", id: "1", ok: true, payload: { a: 1 } })).toEqual({
      ok: true,
      value: { type: "res", id: "1", ok: true, payload: { a: 1 } },
    });
    const failed = parseGatewayFrame({
      type: "res",
      id: "2",
      ok: false,
      error: {
        code: "INVALID_REQUEST",
        message: "nope",
        details: { reason: "QUESTION_NOT_FOUND" },
      },
    });
    expect(failed).toEqual({
      ok: true,
      value: {
        type: "res",
        id: "2",
        ok: false,
        error: {
          code: "INVALID_REQUEST",
          message: "nope",
          details: { reason: "QUESTION_NOT_FOUND" },
        },
      },
    });
  });

  it("should reject invalid JSON, unknown frame types and failures without an error", () => {
    expect(parseGatewayFrame("{oops").ok).toBe(false);
    expect(parseGatewayFrame({ type: "req", id: "1", method: "x" })).toEqual({
      ok: false,
      issues: [{ path: "type", message: "must be 'res' or 'event'" }],
    });
    expect(parseGatewayFrame({ type: "res", id: "1", ok: false })).toEqual({
      ok: false,
      issues: [{ path: "error", message: "must be an object with a string code and message" }],
    });
  });
});

describe("given a gateway error object", () => {
  it("should keep code, message, details, retryable and retryAfterMs", () => {
    expect(
      parseGatewayError({
        code: "UNAVAILABLE",
        message: "busy",
        retryable: true,
        retryAfterMs: 500,
      }),
    ).toEqual({
      code: "UNAVAILABLE",
      message: "busy",
      retryable: true,
      retryAfterMs: 500,
    });
  });

  it("should return null for anything else", () => {
    expect(parseGatewayError({ code: 1, message: "x" })).toBeNull();
    expect(parseGatewayError("boom")).toBeNull();
  });
});

describe("given handshake payloads", () => {
  it("should parse the connect challenge", () => {
    expect(parseConnectChallenge({ nonce: "n-1", ts: 1700000000000 })).toEqual({
      ok: true,
      value: { nonce: "n-1", ts: 1700000000000 },
    });
    expect(parseConnectChallenge({ nonce: "", ts: 1 }).ok).toBe(false);
  });

  it("should parse hello-ok and keep unknown server fields", () => {
    const payload = {
      type: "hello-ok",
      protocol: 4,
      server: { version: "2026.9.6", connId: "c1", bootId: "b" },
      features: { methods: ["question.list"], events: ["question.resolved"] },
      snapshot: {},
      auth: { method: "token", role: "operator", scopes: [] },
      policy: { maxPayload: 26214400, maxBufferedBytes: 1, tickIntervalMs: 30000 },
      controlUiUrl: "http://x",
    };
    const result = parseHelloOk(payload);
    expect(result.ok && result.value.server).toEqual({
      version: "2026.9.6",
      connId: "c1",
      bootId: "b",
    });
    expect(result.ok && result.value.auth.scopes).toEqual([]);
  });

  it("should name each missing hello-ok field", () => {
    const result = parseHelloOk({ type: "hello-ok", protocol: 4 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toContain("policy");
  });
});

describe("given a question.resolved payload", () => {
  it("should parse each status", () => {
    expect(parseQuestionResolvedEvent({ id: "q", status: "expired" })).toEqual({
      ok: true,
      value: { id: "q", status: "expired" },
    });
    expect(
      parseQuestionResolvedEvent({
        id: "q",
        status: "answered",
        answers: { answers: { a: ["x"] } },
      }),
    ).toEqual({
      ok: true,
      value: { id: "q", status: "answered", answers: { answers: { a: ["x"] } } },
    });
  });

  it("should reject an answered event without answers and an unknown status", () => {
    expect(parseQuestionResolvedEvent({ id: "q", status: "answered" }).ok).toBe(false);
    expect(parseQuestionResolvedEvent({ id: "q", status: "skipped" }).ok).toBe(false);
  });
});
