import { describe, expect, it } from "vitest";
import { describeConnectionFailure } from "../../src/gateway/describe-failure";
import type { ConnectionState } from "../../src/gateway/types";
import { createHarness } from "./client-harness";
import { answerConnect, helloPayload } from "./gateway-fixtures";

type ErrorShape = { code: string; message: string; details?: Record<string, unknown> };

// Shapes as the real gateway (openclaw 2026.9.6) sends them.
const ORIGIN_NOT_ALLOWED: ErrorShape = {
  code: "INVALID_REQUEST",
  message:
    "origin not allowed (open the Control UI from the gateway host or allow it in gateway.controlUi.allowedOrigins)",
  details: { code: "CONTROL_UI_ORIGIN_NOT_ALLOWED", reason: "origin not allowed" },
};
const TOKEN_MISMATCH: ErrorShape = {
  code: "INVALID_REQUEST",
  message: "unauthorized: gateway token mismatch",
  details: {
    code: "AUTH_TOKEN_MISMATCH",
    authReason: "token_mismatch",
    canRetryWithDeviceToken: false,
    recommendedNextStep: "update_auth_credentials",
  },
};
const TOKEN_MISSING: ErrorShape = {
  code: "INVALID_REQUEST",
  message: "unauthorized: gateway token missing",
  details: {
    code: "AUTH_TOKEN_MISSING",
    authReason: "token_missing",
    canRetryWithDeviceToken: false,
    recommendedNextStep: "update_auth_configuration",
  },
};
const DEVICE_IDENTITY_REQUIRED: ErrorShape = {
  code: "INVALID_REQUEST",
  message: "control ui requires device identity (use HTTPS or localhost secure context)",
  details: { code: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED" },
};
const PAIRING_REQUIRED: ErrorShape = {
  code: "NOT_PAIRED",
  message: "pairing required: device is not approved yet",
  details: {
    code: "PAIRING_REQUIRED",
    reason: "not-paired",
    requestId: "5f0c2a9e-8b1d-4c3e-9a7f-2d6b1e4c8a03",
    remediationHint: "Approve this device from the pending pairing requests.",
    recommendedNextStep: "wait_then_retry",
    retryable: true,
    pauseReconnect: false,
  },
};
const SIGNATURE_INVALID: ErrorShape = {
  code: "INVALID_REQUEST",
  message: "device signature invalid",
  details: { code: "DEVICE_AUTH_SIGNATURE_INVALID", reason: "device-signature" },
};

async function failWith(error: ErrorShape) {
  const harness = createHarness();
  harness.client.connect();
  await answerConnect(harness.sockets.latest(), { ok: false, error });
  return harness;
}

function failureOf(state: ConnectionState) {
  if (state.status !== "failed") throw new Error(`expected failed, got ${state.status}`);
  return state.failure;
}

describe("given the gateway refuses the page's origin", () => {
  it("should fail with the config key and the command to allow the origin", async () => {
    const { client, clock, sockets } = await failWith(ORIGIN_NOT_ALLOWED);
    expect(failureOf(client.getState())).toEqual({
      kind: "origin-not-allowed",
      origin: "http://192.168.1.20:5173",
      configKey: "gateway.controlUi.allowedOrigins",
      command: `openclaw config set gateway.controlUi.allowedOrigins '["http://192.168.1.20:5173"]' --strict-json`,
    });
    clock.advance(120_000);
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe("given the gateway rejects the token", () => {
  it("should fail with token-mismatch and stop retrying", async () => {
    const { client, clock, sockets } = await failWith(TOKEN_MISMATCH);
    expect(failureOf(client.getState())).toEqual({ kind: "token-mismatch" });
    clock.advance(120_000);
    expect(sockets.sockets).toHaveLength(1);
  });

  it("should connect again once the host supplies a new token", async () => {
    const { client, sockets } = await failWith(TOKEN_MISMATCH);
    client.setToken("the-right-token");
    await answerConnect(sockets.latest(), { ok: true, payload: helloPayload() });
    expect(sockets.sockets[1]?.lastRequest("connect").params.auth).toEqual({
      token: "the-right-token",
    });
    expect(client.getState().status).toBe("connected");
  });
});

describe("given no token was sent", () => {
  it("should fail with token-missing", async () => {
    const { client } = await failWith(TOKEN_MISSING);
    expect(failureOf(client.getState())).toEqual({ kind: "token-missing" });
  });
});

describe("given a browser context without device identity", () => {
  it("should fail with device-identity-required", async () => {
    const { client } = await failWith(DEVICE_IDENTITY_REQUIRED);
    expect(failureOf(client.getState())).toEqual({ kind: "device-identity-required" });
    expect(describeConnectionFailure(failureOf(client.getState())).action).toMatch(
      /https|localhost/,
    );
  });
});

describe("given the device awaits pairing approval", () => {
  it("should show the request id and the approve command, and retry while waiting", async () => {
    const { client, clock, sockets } = await failWith(PAIRING_REQUIRED);
    expect(failureOf(client.getState())).toEqual({
      kind: "pairing-required",
      requestId: "5f0c2a9e-8b1d-4c3e-9a7f-2d6b1e4c8a03",
      command: "openclaw devices approve 5f0c2a9e-8b1d-4c3e-9a7f-2d6b1e4c8a03",
      retryAfterMs: 3_000,
    });
    clock.advance(3_000);
    expect(sockets.sockets).toHaveLength(2);
    expect(client.getState().status).toBe("failed");
  });

  it("should not retry when the gateway does not recommend waiting", async () => {
    const details = { ...PAIRING_REQUIRED.details };
    delete details.recommendedNextStep;
    const { client, clock, sockets } = await failWith({ ...PAIRING_REQUIRED, details });
    expect(failureOf(client.getState())).toMatchObject({
      kind: "pairing-required",
      retryAfterMs: null,
    });
    clock.advance(120_000);
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe("given the gateway rejects the device signature", () => {
  it("should fail with signature-invalid", async () => {
    const { client } = await failWith(SIGNATURE_INVALID);
    expect(failureOf(client.getState())).toEqual({ kind: "signature-invalid" });
  });
});

describe("given the gateway is still starting", () => {
  it("should retry with backoff instead of failing", async () => {
    const { client } = await failWith({
      code: "UNAVAILABLE",
      message: "gateway starting; retry shortly",
    });
    expect(client.getState()).toMatchObject({ status: "reconnecting", attempt: 1 });
  });
});

describe("given a hello-ok the kit cannot use", () => {
  it("should fail with scope-missing when operator.questions was not granted", async () => {
    const harness = createHarness();
    harness.client.connect();
    await answerConnect(harness.sockets.latest(), {
      ok: true,
      payload: helloPayload({ scopes: [] }),
    });
    expect(failureOf(harness.client.getState())).toEqual({
      kind: "scope-missing",
      scope: "operator.questions",
    });
    harness.clock.advance(120_000);
    expect(harness.sockets.sockets).toHaveLength(1);
  });

  it("should fail with method-missing listing the absent question methods", async () => {
    const harness = createHarness();
    harness.client.connect();
    const methods = ["question.list", "question.get", "question.resolve"];
    await answerConnect(harness.sockets.latest(), { ok: true, payload: helloPayload({ methods }) });
    expect(failureOf(harness.client.getState())).toEqual({
      kind: "method-missing",
      methods: ["question.request", "question.waitAnswer"],
    });
  });

  it("should accept a hello without the methods the host does not require", async () => {
    const harness = createHarness({ requiredMethods: ["question.list"] });
    harness.client.connect();
    await answerConnect(harness.sockets.latest(), {
      ok: true,
      payload: helloPayload({ methods: ["question.list"] }),
    });
    expect(harness.client.getState().status).toBe("connected");
  });

  it("should fail with protocol-mismatch on another protocol", async () => {
    const harness = createHarness();
    harness.client.connect();
    await answerConnect(harness.sockets.latest(), {
      ok: true,
      payload: helloPayload({ protocol: 3 }),
    });
    expect(failureOf(harness.client.getState())).toEqual({
      kind: "protocol-mismatch",
      protocol: 3,
    });
  });
});

describe("given every failure kind", () => {
  it("should have an English title and action", async () => {
    const failures = [
      ORIGIN_NOT_ALLOWED,
      TOKEN_MISMATCH,
      TOKEN_MISSING,
      DEVICE_IDENTITY_REQUIRED,
      PAIRING_REQUIRED,
      SIGNATURE_INVALID,
    ];
    for (const error of failures) {
      const { client } = await failWith(error);
      const description = describeConnectionFailure(failureOf(client.getState()));
      expect(description.title.length).toBeGreaterThan(10);
      expect(description.action.length).toBeGreaterThan(10);
    }
  });
});

describe("given a failed client", () => {
  it("should try again when the host calls connect", async () => {
    const { client, sockets } = await failWith(TOKEN_MISMATCH);
    client.connect();
    expect(sockets.sockets).toHaveLength(2);
    expect(client.getState()).toEqual({ status: "connecting", attempt: 1 });
  });
});
